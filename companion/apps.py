from django.apps import AppConfig


class CompanionConfig(AppConfig):
    """The Bottle Imp Companion web app."""

    name = "companion"
    verbose_name = "Bottle Imp Companion"
    default_auto_field = "django.db.models.BigAutoField"
