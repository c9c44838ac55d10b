def test_home_page_on_a_phone(page, screenshot_dir):
    response = page.goto("/")

    assert response is not None and response.status == 200
    assert page.title() == "Bottle Imp Companion"
    assert page.locator("h1").inner_text() == "Bottle Imp Companion"
    # The stylesheet loaded, and the page is not wider than the phone.
    suit_red = "getComputedStyle(document.documentElement).getPropertyValue('--suit-red')"
    assert page.evaluate(suit_red).strip() != ""
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=screenshot_dir / "home.png", full_page=True)
    assert (screenshot_dir / "home.png").stat().st_size > 0
