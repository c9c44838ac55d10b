"""The app's forms: they turn the strings a phone sends into domain values
(card codes, seats, a :class:`~companion.forms.stamp.Stamp`). Whether a card
may be played, or a name or goal is valid, is the engine's call."""

from companion.forms.history import UndoForm
from companion.forms.record import ImportForm
from companion.forms.round import (
    CardForm,
    DealerForm,
    KnownHandForm,
    LetStandForm,
    MoveForm,
    QuickForm,
)
from companion.forms.setup import NewGameForm
from companion.forms.stamp import FreshStamp, Stamp, StampForm

__all__ = [
    "CardForm",
    "DealerForm",
    "FreshStamp",
    "ImportForm",
    "KnownHandForm",
    "LetStandForm",
    "MoveForm",
    "NewGameForm",
    "QuickForm",
    "Stamp",
    "StampForm",
    "UndoForm",
]
