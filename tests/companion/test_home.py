from django.urls import reverse


def test_home_page_is_served(client):
    response = client.get(reverse("imp:home"))

    assert response.status_code == 200
    assert "Bottle Imp Companion" in response.text


def test_home_path_is_root():
    assert reverse("imp:home") == "/"
