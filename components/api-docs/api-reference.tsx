import { Badge } from '@/components/ui';
import { SchemaView, typeOf } from './schema-view';
import { KeyField, TryIt, TryItProvider } from './try-it';

/**
 * The API reference: the OpenAPI document (GET /api/v37/openapi.json) rendered on the server, with
 * nothing from outside the app (the Content-Security-Policy allows none); the only script is the
 * app's own "Try it" on each operation (try-it.tsx).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- an OpenAPI document read as it is
type Json = Record<string, any>;
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const TONE: Record<string, 'info' | 'ok' | 'warning' | 'problem' | 'neutral'> = {
  get: 'info',
  post: 'ok',
  put: 'warning',
  patch: 'warning',
  delete: 'problem',
};
const anchor = (s: string) => s.replace(/[^A-Za-z0-9]+/g, '-');

function Operation({ path, method, op, doc }: { path: string; method: string; op: Json; doc: Json }) {
  const components = doc.components.schemas as Record<string, Json>;
  const ok = Object.entries(op.responses as Record<string, Json>).filter(([s]) => Number(s) < 400);
  const errors = Object.keys(op.responses).filter((s) => Number(s) >= 400);
  const body = op.requestBody?.content?.['application/json']?.schema as Json | undefined;
  return (
    <section id={op.operationId} className="border-t border-slate-200 py-5">
      <h3 className="flex flex-wrap items-center gap-2 font-mono text-sm">
        <Badge tone={TONE[method]} icon={false}>
          {method.toUpperCase()}
        </Badge>
        <span className="break-all text-slate-900">{path}</span>
      </h3>
      <p className="mt-2 text-slate-700">{op.summary}</p>
      <p className="mt-1 text-sm text-slate-500">
        {op['x-scopes'] ? `Scopes (any one): ${op['x-scopes'].join(', ')}` : 'Public: no key needed.'}
      </p>
      {op.parameters?.length ? (
        <div className="mt-3">
          <h4 className="text-sm font-medium text-slate-900">Parameters</h4>
          <ul className="mt-1 space-y-0.5 font-mono text-sm">
            {op.parameters.map((p: Json) => (
              <li key={`${p.in}-${p.name}`}>
                {p.name}
                {p.required ? null : <span className="text-slate-400">?</span>}
                <span className="text-slate-500">
                  : {typeOf(p.schema)} <span className="font-sans">({p.in})</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {body ? (
        <div className="mt-3">
          <h4 className="text-sm font-medium text-slate-900">Body</h4>
          <SchemaView schema={body} components={components} />
        </div>
      ) : null}
      {ok.map(([status, r]) => {
        const schema = r.content?.['application/json']?.schema as Json | undefined;
        const result = schema?.properties?.result as Json | undefined;
        const other = r.content && !r.content['application/json'] ? Object.keys(r.content)[0] : null;
        return (
          <div key={status} className="mt-3">
            <h4 className="text-sm font-medium text-slate-900">
              {status} {result ? '· result' : schema && !schema.properties?.success ? '· body (no envelope)' : ''}
              {other ? ` · ${other}` : ''}
            </h4>
            {result ? (
              <SchemaView schema={result} components={components} />
            ) : schema && !schema.properties?.success ? (
              <SchemaView schema={schema} components={components} />
            ) : (
              <p className="text-sm text-slate-500">{r.description}</p>
            )}
          </div>
        );
      })}
      <p className="mt-3 text-sm text-slate-500">Errors (envelope with errorMessages): {errors.join(', ')}</p>
      {ok.some(([, r]) => r.content?.['text/event-stream']) ? null : (
        <TryIt
          method={method}
          path={path}
          params={(op.parameters ?? []).map((p: Json) => ({ name: p.name, in: p.in, required: p.required }))}
          hasBody={!!body}
          example={
            op.requestBody?.content?.['application/json']?.example
              ? JSON.stringify(op.requestBody.content['application/json'].example, null, 2)
              : undefined
          }
        />
      )}
    </section>
  );
}

export function ApiReference({ doc }: { doc: Json }) {
  const byTag = new Map<string, [string, string, Json][]>();
  for (const [path, item] of Object.entries(doc.paths as Record<string, Json>)) {
    for (const m of METHODS)
      if (item[m]) byTag.set(item[m].tags[0], [...(byTag.get(item[m].tags[0]) ?? []), [path, m, item[m]]]);
  }
  const tags = [...byTag.keys()].sort();
  const components = doc.components.schemas as Record<string, Json>;
  return (
    <TryItProvider>
      <div className="mx-auto max-w-5xl px-4 py-8">
        <h1 className="text-2xl font-semibold text-slate-900">{doc.info.title}</h1>
        <p className="mt-2 max-w-3xl text-slate-700">{doc.info.description}</p>
        <p className="mt-2 text-slate-700">
          Send a personal access key (Settings &gt; Access keys) as <code>Authorization: Bearer &lt;key&gt;</code>. The
          machine-readable document:{' '}
          <a className="text-indigo-700 underline" href="/api/v37/openapi.json">
            /api/v37/openapi.json
          </a>{' '}
          (OpenAPI 3.1).
        </p>
        <nav aria-label="Sections" className="mt-6 flex flex-wrap gap-2 text-sm">
          {tags.map((t) => (
            <a
              key={t}
              href={`#${anchor(t)}`}
              className="rounded bg-slate-100 px-2 py-1 text-slate-700 hover:bg-slate-200"
            >
              {t}
            </a>
          ))}
          <a href="#webhooks" className="rounded bg-slate-100 px-2 py-1 text-slate-700 hover:bg-slate-200">
            webhooks
          </a>
          <a href="#schemas" className="rounded bg-slate-100 px-2 py-1 text-slate-700 hover:bg-slate-200">
            schemas
          </a>
        </nav>
        <div className="mt-6 max-w-md">
          <KeyField />
        </div>
        {tags.map((t) => (
          <div key={t} id={anchor(t)} className="mt-8">
            <h2 className="text-lg font-semibold text-slate-900">{t}</h2>
            {byTag.get(t)!.map(([path, m, op]) => (
              <Operation key={`${m} ${path}`} path={path} method={m} op={op} doc={doc} />
            ))}
          </div>
        ))}
        <div id="webhooks" className="mt-8">
          <h2 className="text-lg font-semibold text-slate-900">Webhooks</h2>
          <p className="mt-1 text-sm text-slate-700">
            Signed per Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature (HMAC-SHA256 with your whsec_
            secret).
          </p>
          {Object.entries(doc.webhooks as Record<string, Json>).map(([event, item]) => (
            <section key={event} className="border-t border-slate-200 py-4">
              <h3 className="font-mono text-sm text-slate-900">{event}</h3>
              <SchemaView
                schema={item.post.requestBody.content['application/json'].schema.properties.data}
                components={components}
              />
            </section>
          ))}
        </div>
        <div id="schemas" className="mt-8">
          <h2 className="text-lg font-semibold text-slate-900">Schemas</h2>
          {Object.entries(components).map(([name, s]) => (
            <section key={name} id={`schema-${name}`} className="border-t border-slate-200 py-4">
              <h3 className="font-mono text-sm font-medium text-slate-900">{name}</h3>
              <SchemaView schema={s} components={components} />
            </section>
          ))}
        </div>
      </div>
    </TryItProvider>
  );
}
