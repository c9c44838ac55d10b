"""The history of changes keeps what each change did as a code and its
values (``Change.code``, ``Change.values``), no longer as an English
sentence (``Change.what``) read back into its parts for other readers.

Each stored sentence is read one last time by the patterns the app read it
with, most specific first, and becomes its code and values: "Betty's 17 in
trick 3" is ``card.played`` with the player "Betty", the card "17" and the
trick 3. A sentence no pattern reads is kept whole, as the code ``text``.
Going back writes each change's English sentence again.

The patterns and the English are written out here, as they were when this
migration was made: the app's words may change later, a migration must not.
"""

import re

from django.db import migrations, models
from django.db.backends.base.schema import BaseDatabaseSchemaEditor
from django.db.migrations.state import StateApps

KEPT = "text"

ENGLISH = {
    "card.played": "{player}'s {card} in trick {trick}",
    "card.taken_back": "Took back {player}'s {card} in trick {trick}",
    "quick.entered": "Quick entry of round {round}",
    "quick.taken_back": "Took back the quick entry of round {round}",
    "hand.open": "{player}'s open hand in round {round}",
    "hand.open_cleared": "Cleared {player}'s open hand in round {round}",
    "hand.face_up": "{player}'s face-up hand in round {round}",
    "hand.face_up_cleared": "Cleared {player}'s face-up hand in round {round}",
    "card.replaced": "{player}'s {was} in trick {trick} of round {round} is now {now}",
    "cards.swapped": (
        "Swapped {player}'s {was} and {other}'s {now} in trick {trick} of round {round}"
    ),
    "cards.swapped_tricks": (
        "Swapped {player}'s {was} in trick {trick} and {other}'s {now}"
        " in trick {other_trick} of round {round}"
    ),
    "trick.corrected": "Corrected trick {trick} of round {round}",
    "trick.deleted": "Deleted trick {trick} of round {round}",
    "dealer.set": "{player} deals round {round}",
    "round.confirmed": "Confirmed round {round}",
    "revoke.settled": "Let {player}'s revoke stand in round {round}",
    "revoke.settled_first": "Let the revoke stand in round {round}",
}
"""Each code's English sentence (the app's words when this was written)."""

CARDS = ("card", "was", "now")
NUMBERS = ("trick", "other_trick", "round")
NAMES = ("player", "other")

ORDER = [
    "quick.taken_back",
    "card.taken_back",
    "hand.open_cleared",
    "hand.face_up_cleared",
    "cards.swapped_tricks",
    "cards.swapped",
    "card.replaced",
    "card.played",
    "hand.face_up",
    "hand.open",
    "trick.corrected",
    "trick.deleted",
    "quick.entered",
    "dealer.set",
    "round.confirmed",
    "revoke.settled",
    "revoke.settled_first",
]
"""The codes in the order the app's patterns were tried: most specific first
(a taken-back card before a card, a swap before a card)."""


def pattern(english: str) -> re.Pattern[str]:
    """A code's English sentence as the pattern that reads it."""
    text = re.escape(english)
    for name in CARDS:
        text = text.replace(re.escape("{" + name + "}"), rf"(?P<{name}>\d+(?:\.5)?)")
    for name in NUMBERS:
        text = text.replace(re.escape("{" + name + "}"), rf"(?P<{name}>\d+)")
    for name in NAMES:
        text = text.replace(re.escape("{" + name + "}"), rf"(?P<{name}>.+?)")
    return re.compile(f"^{text}$", re.S)


PATTERNS = [(code, pattern(ENGLISH[code])) for code in ORDER]


def read(what: str) -> tuple[str, dict[str, object]]:
    """A stored sentence as its code and values; one no pattern reads is
    kept whole."""
    for code, found in ((code, each.match(what)) for code, each in PATTERNS):
        if found is not None:
            values = {
                key: int(value) if key in NUMBERS else value
                for key, value in found.groupdict().items()
            }
            return code, values
    return KEPT, {"text": what}


def written(code: str, values: dict[str, object]) -> str:
    """A change's code and values as its English sentence."""
    if code not in ENGLISH:
        return str(values.get("text", code))[:200]
    return ENGLISH[code].format_map(values)[:200]


def to_codes(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    Change = apps.get_model("companion", "Change")
    for change in Change.objects.only("pk", "what").iterator():
        change.code, change.values = read(change.what)
        change.save(update_fields=["code", "values"])


def to_sentences(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    Change = apps.get_model("companion", "Change")
    for change in Change.objects.only("pk", "code", "values").iterator():
        change.what = written(change.code, change.values)
        change.save(update_fields=["what"])


class Migration(migrations.Migration):
    dependencies = [
        ("companion", "0007_group_edition"),
    ]

    operations = [
        migrations.AddField(
            model_name="change",
            name="code",
            field=models.CharField(
                default=KEPT,
                help_text="The kind of change (companion.texts).",
                max_length=40,
            ),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="change",
            name="values",
            field=models.JSONField(default=dict, help_text="The change's names, cards and numbers."),
        ),
        migrations.RunPython(to_codes, to_sentences),
        # a default for the sentence, so that going back can add its column
        # to the rows it then fills (to_sentences)
        migrations.AlterField(
            model_name="change",
            name="what",
            field=models.CharField(default="", max_length=200),
        ),
        migrations.RemoveField(model_name="change", name="what"),
    ]
