'use client';

import { createContext, useContext, useId, useState } from 'react';
import { Button, FormError, FormField, Input, Textarea, TextField } from '@/components/ui';

/**
 * "Try it" on the API reference: one call from the page, with the personal access key typed at
 * the top (kept in this page's memory only: never stored, never sent anywhere but this API), or,
 * without a key, as the signed-in person. The answer is shown as the API gave it.
 */
const KeyContext = createContext<{ apiKey: string; setApiKey: (k: string) => void }>({
  apiKey: '',
  setApiKey: () => {},
});

export function TryItProvider({ children }: { children: React.ReactNode }) {
  const [apiKey, setApiKey] = useState('');
  return <KeyContext.Provider value={{ apiKey, setApiKey }}>{children}</KeyContext.Provider>;
}

export function KeyField() {
  const { apiKey, setApiKey } = useContext(KeyContext);
  return (
    <FormField
      label="Your access key, for “Try it”"
      hint="Create one in Settings > Access keys. It stays in this page until you leave it. Without a key, calls go as the person signed in to the portal."
    >
      <Input
        type="password"
        autoComplete="off"
        spellCheck={false}
        placeholder="slk_…"
        value={apiKey}
        onChange={(e) => setApiKey(e.target.value.trim())}
      />
    </FormField>
  );
}

interface Param {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
}

interface Answer {
  status: number;
  text: string;
}

export function TryIt({
  method,
  path,
  params,
  hasBody,
  example,
}: {
  method: string;
  path: string;
  params: Param[];
  hasBody: boolean;
  example?: string;
}) {
  const { apiKey } = useContext(KeyContext);
  const id = useId();
  const pathParams = params.filter((p) => p.in === 'path');
  const [values, setValues] = useState<Record<string, string>>({});
  const [query, setQuery] = useState('');
  const [body, setBody] = useState(example ?? '{}');
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const url = () => {
    const filled = path.replace(/\{([^}]+)\}/g, (_, n: string) => encodeURIComponent(values[n] ?? ''));
    const q = query.trim().replace(/^\?/, '');
    return q ? `${filled}?${q}` : filled;
  };

  async function send() {
    const missing = pathParams.filter((p) => !values[p.name]?.trim()).map((p) => p.name);
    if (missing.length) return setProblem(`Fill in ${missing.join(', ')}.`);
    if (hasBody) {
      try {
        JSON.parse(body);
      } catch {
        return setProblem('The body is not valid JSON.');
      }
    }
    setProblem(null);
    setBusy(true);
    try {
      const headers: Record<string, string> = apiKey ? { authorization: `Bearer ${apiKey}` } : {};
      if (hasBody) headers['content-type'] = 'application/json';
      // with a key, the key alone speaks (no portal cookie): the call is what a program would make
      const res = await fetch(url(), {
        method: method.toUpperCase(),
        headers,
        body: hasBody ? body : undefined,
        credentials: apiKey ? 'omit' : 'same-origin',
      });
      const text = await res.text();
      let shown = text;
      try {
        shown = JSON.stringify(JSON.parse(text), null, 2);
      } catch {
        /* not JSON: as it came */
      }
      setAnswer({ status: res.status, text: shown });
    } catch {
      setProblem('Cannot reach the server. Check your connection and try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <details className="mt-3 rounded-md border border-slate-200 bg-slate-50 p-3">
      <summary className="cursor-pointer text-sm font-medium text-indigo-700">Try it</summary>
      <form
        className="mt-3 space-y-3"
        aria-label={`Try ${method.toUpperCase()} ${path}`}
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        {pathParams.map((p) => (
          <FormField key={p.name} label={p.name} required>
            <Input value={values[p.name] ?? ''} onChange={(e) => setValues({ ...values, [p.name]: e.target.value })} />
          </FormField>
        ))}
        {params.some((p) => p.in === 'query') ? (
          <TextField
            label="Query"
            hint={`e.g. ${params
              .filter((p) => p.in === 'query')
              .slice(0, 2)
              .map((p) => `${p.name}=…`)
              .join('&')}`}
            value={query}
            onValue={setQuery}
          />
        ) : null}
        {hasBody ? (
          <FormField label="Body (JSON)">
            <Textarea rows={6} className="font-mono" value={body} onChange={(e) => setBody(e.target.value)} />
          </FormField>
        ) : null}
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" size="sm" loading={busy}>
            Send {method.toUpperCase()}
          </Button>
          <span className="text-xs text-slate-500">
            {apiKey ? 'with your key' : 'as the signed-in person (no key given)'}
          </span>
        </div>
        <FormError error={problem} />
        {answer ? (
          <div role="status" aria-labelledby={`${id}-status`}>
            <p id={`${id}-status`} className="text-sm font-medium text-slate-900">
              Answer: {answer.status}
            </p>
            <pre className="mt-1 max-h-80 overflow-auto rounded bg-slate-900 p-3 text-xs text-slate-100">
              {answer.text || '(no body)'}
            </pre>
          </div>
        ) : null}
      </form>
    </details>
  );
}
