"""aiotedee's TedeeLocalClient (public repository zweckj/aiotedee, its source unchanged) against a
virtual bridge process (`npm run bridge`), as docs/api-compatibility.md reports it. Manual: PyPI is
not reachable, so it runs with Debian's python3-aiohttp and aiotedee's source from its repository:

  AIOTEDEE_SRC=<dir holding aiotedee/> [SHIM=<dir with a mashumaro stand-in>] /usr/bin/python3 \
    scripts/aiotedee-local-check.py <bridge token> <bridge port> <webhook port>
"""
import asyncio, os, sys
if os.environ.get('SHIM'):
    sys.path.insert(0, os.environ['SHIM'])
sys.path.insert(0, os.environ['AIOTEDEE_SRC'])
from aiohttp import web, ClientSession
import aiotedee
from aiotedee import TedeeLocalClient, TedeeLockState

TOKEN, BRIDGE_PORT, HOOK_PORT = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])

async def main():
    events = []
    box = {}
    async def hook(req):
        msg = await req.json()
        events.append(msg)
        box['client'].parse_webhook_message(msg)
        return web.Response(status=204)
    app = web.Application()
    app.router.add_post('/hook', hook)
    runner = web.AppRunner(app)
    await runner.setup()
    await web.TCPSite(runner, '127.0.0.1', HOOK_PORT).start()
    async with ClientSession() as s:
        client = TedeeLocalClient(local_token=TOKEN, local_ip='127.0.0.1', session=s, timeout=10)
        # aiotedee builds http://<ip>:80/v1.0; the virtual bridge listens on another port here
        client._local_api_base = f'http://127.0.0.1:{BRIDGE_PORT}/v1.0'
        box['client'] = client
        bridge = await client.get_local_bridge()
        print('bridge:', bridge)
        await client.get_locks()
        for l in client.locks:
            print('lock:', l.id, l.name, l.type_name, l.state.name, 'battery', l.battery_level, 'door', l.door_state.name, 'pullspring', l.is_enabled_pullspring, l.duration_pullspring)
        wid = await client.register_webhook(f'http://127.0.0.1:{HOOK_PORT}/hook')
        print('webhook registered:', wid, await client.get_webhooks())
        lock = list(client.locks)[0]
        await client.unlock(lock.id)
        print('after unlock (webhooks):', client.locks_dict[lock.id].state.name)
        await client.sync()
        print('after sync:', client.locks_dict[lock.id].state.name, 'is_unlocked', client.is_unlocked(lock.id))
        await client.lock(lock.id)
        await client.sync()
        print('after lock:', client.locks_dict[lock.id].state.name, 'is_locked', client.is_locked(lock.id))
        await client.pull(lock.id)
        await client.sync()
        print('after pull and the spring:', client.locks_dict[lock.id].state.name)
        print('events received:', len(events), sorted({e['event'] for e in events}))
        print('states from events:', [e['data'].get('state') for e in events if e['event'] == 'lock-status-changed'])
        await client.delete_webhook(wid)
        print('webhooks after delete:', await client.get_webhooks())
    await runner.cleanup()
    print('aiotedee', getattr(aiotedee, '__version__', '(HEAD)'), 'OK')

asyncio.run(main())
