"""pytedee (joerg65/pytedee) against this server, unchanged but for its base URL (TedeeClient.py's
api_url_base, rewritten by run.sh). It logs in with a personal key (PersonalKey header)."""
import sys
import time

from pytedee import TedeeClient

KEY = sys.argv[1]
results = []


def step(name, fn):
    try:
        out = fn()
        results.append((name, out is not False, "" if out is not False else "returned False"))
        return out
    except Exception as e:
        results.append((name, False, f"{type(e).__name__}: {e}"))
        return None


client = step("TedeeClient(personalToken) lists the locks", lambda: TedeeClient(KEY, timeout=30))
if client:
    locks = client.get_locks()
    front = next((l for l in locks if l.get_name() == "Front door"), locks[0])
    lid = front.get_id()
    step("get_battery (GET my/device/{id}/battery)", lambda: client.get_battery(lid))
    step("unlock", lambda: client.unlock(lid))
    time.sleep(2)
    step("get_state", lambda: client.get_state())
    step("is_unlocked after unlock", lambda: client.is_unlocked(lid))
    step("lock", lambda: client.lock(lid))
    time.sleep(2)
    step("get_state after lock", lambda: client.get_state())
    step("is_locked after lock", lambda: client.is_locked(lid))
    step("open (pull)", lambda: client.open(lid))
for name, ok, why in results:
    print(f"{'PASS' if ok else 'FAIL'} {name}{(' - ' + why) if why else ''}")
print(f"pytedee: {sum(1 for r in results if r[1])} passed, {sum(1 for r in results if not r[1])} failed")
