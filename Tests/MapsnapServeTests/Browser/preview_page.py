#!/usr/bin/env python3
"""Opens mapsnap serve's preview page in headless Chromium (Debian's chromium and
chromium-driver, driven by Selenium), waits for every Leaflet tile, submits the static-image
form, waits for its image, saves a screenshot and prints one JSON line of what it saw:
tiles requested, loaded and broken, maps, the static image's size, and console errors.
Every wait is bounded by --timeout (a safety bound); nothing depends on how long it takes.

    preview_page.py --url http://127.0.0.1:PORT/ --screenshot out.png
"""
import argparse
import json
import sys

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

TILES = """
const tiles = [...document.querySelectorAll('img.leaflet-tile')];
return {count: tiles.length,
        loaded: tiles.filter(t => t.complete && t.naturalWidth > 0).length,
        broken: tiles.filter(t => t.complete && t.naturalWidth === 0).length,
        maps: document.querySelectorAll('.leaflet-container').length};
"""

def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", required=True)
    parser.add_argument("--screenshot", required=True)
    parser.add_argument("--timeout", type=float, default=180)
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--chromedriver", default="/usr/bin/chromedriver")
    args = parser.parse_args()

    options = Options()
    options.binary_location = args.chromium
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1200,1500",
                 "--hide-scrollbars", "--force-device-scale-factor=1"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(args.chromedriver), options=options)
    try:
        driver.set_page_load_timeout(args.timeout)
        driver.get(args.url)
        wait = WebDriverWait(driver, args.timeout, poll_frequency=0.2)
        wait.until(lambda d: (lambda s: s["count"] > 0 and s["loaded"] + s["broken"] == s["count"])(d.execute_script(TILES)))
        tiles = driver.execute_script(TILES)
        form = driver.find_element(By.ID, "static-form")
        marker = form.find_element(By.NAME, "marker")
        marker.clear()
        marker.send_keys("43.7371,7.4271,#e5483f,Check-in")
        form.find_element(By.NAME, "size").clear()
        form.find_element(By.NAME, "size").send_keys("400x300")
        form.find_element(By.TAG_NAME, "button").click()
        wait.until(lambda d: d.execute_script(
            "const i = document.getElementById('static-image'); return (i.complete && i.naturalWidth > 0) || document.getElementById('static-message').textContent !== '';"))
        image = driver.execute_script(
            "const i = document.getElementById('static-image'); return [i.naturalWidth, i.naturalHeight, document.getElementById('static-message').textContent, document.getElementById('static-url').textContent];")
        driver.execute_script("window.scrollTo(0, 0);")
        driver.save_screenshot(args.screenshot)
        errors = [e["message"] for e in driver.get_log("browser") if e.get("level") == "SEVERE"]
        print(json.dumps({"tiles": tiles["count"], "loaded": tiles["loaded"], "broken": tiles["broken"], "maps": tiles["maps"],
                          "staticWidth": image[0], "staticHeight": image[1], "staticMessage": image[2], "staticURL": image[3],
                          "errors": errors}))
    finally:
        driver.quit()
    return 0

if __name__ == "__main__":
    sys.exit(main())
