"""aiotedee (zweckj/aiotedee) against this server, unchanged but for its base URL (const.py's
API_URL_BASE, rewritten by run.sh). Each step is what Home Assistant's integration calls; the
script prints one line per step, PASS or FAIL with the client's own exception, then a count."""
import asyncio
import sys

from aiotedee import TedeeClient

KEY = sys.argv[1]
results = []


async def step(name, coro):
    try:
        out = await coro
        results.append((name, True, ""))
        return out
    except Exception as e:  # the client's own exceptions are what a user would see
        results.append((name, False, f"{type(e).__name__}: {e}"))
        return None


async def main():
    client = TedeeClient(personal_token=KEY, timeout=30)
    try:
        await step("get_locks", client.get_locks())
        locks = list(client.locks)
        results.append(("locks listed with state and battery", bool(locks) and all(
            l.state is not None and l.battery_level is not None for l in locks), f"{len(locks)} locks"))
        await step("sync", client.sync())
        front = next((l for l in locks if l.lock_name == "Front door"), locks[0] if locks else None)
        if front:
            await step("unlock", client.unlock(front.lock_id))
            await step("lock", client.lock(front.lock_id))
            await step("open", client.open(front.lock_id))
            await step("pull", client.pull(front.lock_id))
            await step("sync after commands", client.sync())
        bridges = await step("get_bridges", client.get_bridges())
        results.append(("bridges listed", bool(bridges), f"{len(bridges or [])} bridges"))
    finally:
        await client._session.close()


asyncio.run(main())
for name, ok, why in results:
    print(f"{'PASS' if ok else 'FAIL'} {name}{(' - ' + why) if why else ''}")
print(f"aiotedee: {sum(1 for r in results if r[1])} passed, {sum(1 for r in results if not r[1])} failed")
