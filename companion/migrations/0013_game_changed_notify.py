"""On PostgreSQL, every change of a game's version (and a game's deletion)
is announced on the channel ``imp_game`` as ``<id>:<version>`` (``<id>:``
once deleted), by a trigger, whichever server made it: the events server
(companion.events) LISTENs to it. Nothing on SQLite, whose events server
reads the versions instead."""

from collections.abc import Callable

from django.apps.registry import Apps
from django.db import migrations
from django.db.backends.base.schema import BaseDatabaseSchemaEditor

CHANNEL = "imp_game"

CREATE = f"""
CREATE FUNCTION companion_game_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        PERFORM pg_notify('{CHANNEL}', OLD.id || ':');
        RETURN OLD;
    END IF;
    IF NEW.version IS DISTINCT FROM OLD.version THEN
        PERFORM pg_notify('{CHANNEL}', NEW.id || ':' || NEW.version);
    END IF;
    RETURN NEW;
END
$$;
CREATE TRIGGER companion_game_changed AFTER UPDATE OR DELETE ON companion_game
    FOR EACH ROW EXECUTE FUNCTION companion_game_changed();
"""

DROP = """
DROP TRIGGER IF EXISTS companion_game_changed ON companion_game;
DROP FUNCTION IF EXISTS companion_game_changed();
"""


def on_postgresql(sql: str) -> Callable[[Apps, BaseDatabaseSchemaEditor], None]:
    def run(apps: Apps, schema_editor: BaseDatabaseSchemaEditor) -> None:
        if schema_editor.connection.vendor == "postgresql":
            schema_editor.execute(sql)

    return run


class Migration(migrations.Migration):
    dependencies = [
        ("companion", "0012_seat_links"),
    ]

    operations = [
        migrations.RunPython(on_postgresql(CREATE), on_postgresql(DROP), elidable=False),
    ]
