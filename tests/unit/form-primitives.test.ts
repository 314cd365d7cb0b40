import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ConfirmItemDialog } from '@/components/ui/confirm-dialog';
import { FormDialog } from '@/components/ui/form-dialog';
import { FieldError } from '@/components/ui/form-field';
import { errorText, FormError } from '@/components/ui/form-error';
import { QueryView, type QueryLike } from '@/components/ui/query-view';
import { RowAction } from '@/components/ui/row-action';

// Issue 28: one look for a form's error, one ladder for a query (loading, failed, empty, data).
const html = (node: React.ReactElement) => renderToStaticMarkup(node);
const query = <T>(q: Partial<QueryLike<T>>): QueryLike<T> => ({
  data: undefined,
  error: null,
  isPending: false,
  isFetching: false,
  refetch: () => undefined,
  ...q,
});
const list = (q: QueryLike<string[]>, extra: Record<string, unknown> = {}) =>
  html(
    h(QueryView<string[]>, {
      query: q,
      loading: { rows: 2, label: 'Loading sites' },
      empty: h('p', null, 'No sites yet'),
      children: (d) =>
        h(
          'ul',
          null,
          d.map((x) => h('li', { key: x }, x)),
        ),
      ...extra,
    }),
  );

describe('FormError', () => {
  it('shows what was thrown as an alert, in the one style', () => {
    const out = html(h(FormError, { error: new Error('Name already exists') }));
    expect(out).toContain('role="alert"');
    expect(out).toContain('Name already exists');
    expect(out).toContain('bg-red-50');
    expect(out).toContain('<svg'); // the icon: never by colour alone
  });
  it('shows nothing while there is no error', () => {
    expect(html(h(FormError, { error: null }))).toBe('');
    expect(html(h(FormError, { error: '' }))).toBe('');
  });
  it('takes the words as children too, and falls back for what is not an Error', () => {
    expect(html(h(FormError, null, 'Not sent'))).toContain('Not sent');
    expect(errorText({}, 'Saving failed.')).toBe('Saving failed.');
    expect(errorText('plain words')).toBe('plain words');
  });
});

describe('FieldError', () => {
  it("shows a field's error under it with the icon, announced only when asked", () => {
    const quiet = html(h(FieldError, { id: 'doors-error', children: 'Choose at least one door.' }));
    expect(quiet).toContain('id="doors-error"');
    expect(quiet).toContain('<svg');
    expect(quiet).not.toContain('role=');
    expect(html(h(FieldError, { role: 'alert', children: 'Choose at least one event.' }))).toContain('role="alert"');
  });
});

describe('QueryView', () => {
  it('announces the skeleton while loading, and waits for the queries in `also`', () => {
    expect(list(query({ isPending: true }))).toContain('Loading sites');
    expect(list(query({ data: ['A'] }), { also: [{ isPending: true }] })).toContain('Loading sites');
    expect(list(query({ isPending: true }), { loading: h('p', null, 'Wait') })).toBe('<p>Wait</p>');
  });
  it("shows the server's message with a way to try again", () => {
    const out = list(query({ error: new Error('Server unreachable') }));
    expect(out).toContain('role="alert"');
    expect(out).toContain('Server unreachable');
    expect(out).toContain('Try again');
  });
  it("says the error in the words given, when the server's are not for people", () => {
    const out = list(query({ error: new Error('HTTP 500') }), { errorMessage: () => 'Could not load the PINs.' });
    expect(out).toContain('Could not load the PINs.');
    expect(out).not.toContain('HTTP 500');
  });
  it('keeps showing a failed refetch as failed, as the lists did', () => {
    expect(list(query({ data: ['A'], error: new Error('Gone') }))).toContain('Gone');
  });
  it('lets the page wrap or replace the ErrorState for an error it knows', () => {
    const renderError = (e: Error, state: React.ReactNode) =>
      e.message === 'Not found' ? h('p', null, 'Not one of yours') : h('div', null, h('a', null, 'Back'), state);
    expect(list(query({ error: new Error('Not found') }), { renderError })).toBe('<p>Not one of yours</p>');
    const wrapped = list(query({ error: new Error('Server unreachable') }), { renderError });
    expect(wrapped).toContain('<a>Back</a>');
    expect(wrapped).toContain('Server unreachable');
    expect(wrapped).toContain('Try again');
  });
  it('keeps what was read before a failed refetch when asked to, and fails when there is nothing', () => {
    const gone = new Error('Gone');
    expect(list(query({ data: ['A'], error: gone }), { keepData: true })).toBe('<ul><li>A</li></ul>');
    expect(list(query({ error: gone }), { keepData: true })).toContain('Gone');
  });
  it('shows the empty state, else the data', () => {
    expect(list(query({ data: [] }))).toBe('<p>No sites yet</p>');
    expect(list(query({ data: ['A'] }), { isEmpty: (d: string[]) => d[0] === 'A' })).toBe('<p>No sites yet</p>');
    expect(list(query({ data: ['A', 'B'] }))).toBe('<ul><li>A</li><li>B</li></ul>');
  });
});

describe('FormDialog', () => {
  it('renders nothing while closed (its state starts clean on each opening)', () => {
    const out = html(
      h(FormDialog, {
        open: false,
        onClose: () => {},
        title: 'New site',
        submitLabel: 'Create site',
        onSubmit: () => {},
      }),
    );
    expect(out).toBe('');
  });
});

describe('ConfirmItemDialog', () => {
  const site = { id: 7, name: 'Residence' };
  const props = (item: typeof site | null, done: number[]) => ({
    item,
    onClose: () => {},
    title: (s: typeof site) => `Delete "${s.name}"?`,
    message: (s: typeof site) => `Site ${s.id} goes.`,
    confirmLabel: 'Delete site',
    onConfirm: (s: typeof site) => void done.push(s.id),
  });
  it('is closed while no row is asked about, and words itself and acts on the row it is given', async () => {
    expect(html(h(ConfirmItemDialog<typeof site>, props(null, [])))).toBe('');
    const done: number[] = [];
    const el = ConfirmItemDialog(props(site, done)) as React.ReactElement<{
      open: boolean;
      title: string;
      message: string;
      onConfirm: () => unknown;
    }>;
    expect(el.props).toMatchObject({ open: true, title: 'Delete "Residence"?', message: 'Site 7 goes.' });
    await el.props.onConfirm();
    expect(done).toEqual([7]);
  });
});

describe('RowAction', () => {
  it('is named for its row, so five Delete buttons are five names; danger is red text without a fill', () => {
    const del = html(h(RowAction, { action: 'Delete', of: 'Front door', danger: true, onClick: () => {} }));
    expect(del).toContain('aria-label="Delete Front door"');
    expect(del).toContain('>Delete</button>');
    expect(del).toContain('text-red-700');
    expect(del).not.toContain('bg-red-600');
    // no slate text beside the red one: the classes are joined, not merged, and the stylesheet's
    // order let text-slate-700 win (the row actions showed dark words)
    expect(del).not.toMatch(/text-slate-\d+/);
    const edit = html(h(RowAction, { action: 'Edit', of: 'Front door' }));
    expect(edit).toContain('aria-label="Edit Front door"');
    expect(edit).not.toContain('text-red-700');
    const move = html(h(RowAction, { action: 'Move devices here', of: 'HQ', label: 'Move devices to HQ' }));
    expect(move).toContain('aria-label="Move devices to HQ"');
    expect(move).toContain('>Move devices here</button>');
  });
});
