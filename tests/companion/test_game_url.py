"""The round screen's URLs (``{% game_url %}``) are Django's own, remembered:
the same as ``{% url %}`` for every route and arguments, and under another
script prefix (a deployment below a path) that prefix's."""

from __future__ import annotations

from django.template import Context, Template
from django.urls import reverse, set_script_prefix

from companion.templatetags.imp import game_url

TOKEN = "a" * 32


def test_it_is_the_url_django_reverses():
    for name, args in [("imp:undo", [TOKEN]), ("imp:fix_trick", [TOKEN, 2, 7])]:
        assert game_url(name, *args) == reverse(name, args=args)
    assert game_url("imp:fix_trick", TOKEN, 2, 7) == f"/g/{TOKEN}/rounds/2/tricks/7/fix/"


def test_another_script_prefix_is_followed():
    try:
        set_script_prefix("/table/")
        assert game_url("imp:undo", TOKEN) == f"/table/g/{TOKEN}/history/undo/"
    finally:
        set_script_prefix("/")
    assert game_url("imp:undo", TOKEN) == f"/g/{TOKEN}/history/undo/"


def test_the_tag_draws_it_and_keeps_it_as_a_variable():
    template = Template(
        "{% load imp %}{% game_url 'imp:undo' token %} "
        "{% game_url 'imp:fix_trick' token 1 number as fix_url %}[{{ fix_url }}]"
    )
    drawn = template.render(Context({"token": TOKEN, "number": 4}))
    assert drawn == f"/g/{TOKEN}/history/undo/ [/g/{TOKEN}/rounds/1/tricks/4/fix/]"
