"""Owners make a new link or revoke one from the share dialog; whoever held the old link is disconnected."""

from selenium.webdriver.common.by import By

from conftest import wait_for

VIEW_LINK = "return document.getElementById('share-view').value"


def test_a_new_view_link_and_a_revoke_from_the_share_dialog(sketchd, browsers):
    owner = browsers.open(sketchd.url)
    owner.find_element(By.ID, "share-open").click()
    old_link = wait_for(owner, VIEW_LINK, 5, "the owner's dialog shows no view link")
    viewer = browsers.open(old_link)
    assert viewer.execute_script("return document.body.classList.contains('read-only')")

    owner.find_element(By.CSS_SELECTOR, "[data-rotate=view]").click()
    new_link = wait_for(owner, f"const v = document.getElementById('share-view').value; return v && v !== arguments[0] ? v : null",
                        10, "the dialog does not show a new view link", old_link)
    wait_for(viewer, "return sketchd.link.state === 'failed'", 10, "the viewer of the old link was not disconnected")
    wait_for(viewer, "return document.querySelector('.toast')?.textContent.includes('revoked')", 5, "the viewer was not told why")
    browsers.screenshot(owner, "share-new-link")
    assert owner.execute_script("return sketchd.link.state") == "live", "the owner stays connected"

    fresh = browsers.open(new_link)
    assert fresh.execute_script("return document.body.classList.contains('read-only')")

    owner.find_element(By.CSS_SELECTOR, "[data-revoke=view]").click()
    wait_for(owner, f"return {VIEW_LINK.replace('return ', '')} === ''", 10, "the revoked link is still offered")
    wait_for(fresh, "return sketchd.link.state === 'failed'", 10, "the viewer of the revoked link was not disconnected")
    assert owner.find_element(By.ID, "share-view").get_attribute("placeholder").startswith("Revoked")
