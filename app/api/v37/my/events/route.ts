import { route } from '@/lib/http/route';
import { openLiveFeed } from '@/lib/domain/live/feed';
import { res } from '@/lib/http/responses';

const HEARTBEAT_MS = 20_000;

// GET /api/v37/my/events: Server-Sent Events, one `device` event ({kind, deviceId}) per change on a
// device whose events the caller may receive now (lib/domain/live/feed.ts); the portal refetches through the API
export const GET = route(
  {
    summary:
      'Server-Sent Events, one `device` event ({kind, deviceId}) per change on a device whose events the caller may receive now',
    responses: {
      200: res.raw(
        'text/event-stream',
        'Server-Sent Events: ready, then one device event ({kind, deviceId}) per change; end with a reason',
      ),
    },
    scopes: ['Device.Read', 'Device.ReadWrite'],
  },
  async (ctx, { req }) => {
    const enc = new TextEncoder();
    let stop = () => {};
    const stream = new ReadableStream<Uint8Array>({
      async start(controller) {
        const send = (text: string) => {
          try {
            controller.enqueue(enc.encode(text));
          } catch {
            stop(); // the client is gone
          }
        };
        const feed = await openLiveFeed(
          ctx,
          (e) => send(`event: device\ndata: ${JSON.stringify(e)}\n\n`),
          (why) => {
            send(`event: end\ndata: ${JSON.stringify({ reason: why })}\n\n`);
            stop();
          },
        );
        const beat = setInterval(() => send(': still here\n\n'), HEARTBEAT_MS);
        stop = () => {
          clearInterval(beat);
          feed.close();
          try {
            controller.close();
          } catch {
            /* already closed */
          }
        };
        req.signal.addEventListener('abort', () => stop());
        // the browser reconnects after 3 s when the stream breaks; the first line says we are live
        send('retry: 3000\nevent: ready\ndata: {}\n\n');
      },
      cancel() {
        stop();
      },
    });
    return new Response(stream, {
      status: 200,
      headers: {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      },
    });
  },
);
