/** A JSON Schema (2020-12) in a few readable lines: fields, types, what may be null, which are required. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- an OpenAPI document read as it is
type Json = Record<string, any>;

const refName = (ref: string) => ref.split('/').pop() ?? ref;

export function typeOf(s: Json | undefined): string {
  if (!s || !Object.keys(s).length) return 'any';
  if (s.$ref) return refName(s.$ref);
  if (s.const !== undefined) return JSON.stringify(s.const);
  if (s.enum) return s.enum.map((v: unknown) => JSON.stringify(v)).join(' | ');
  if (s.anyOf || s.oneOf) return (s.anyOf ?? s.oneOf).map(typeOf).join(' | ');
  const t = Array.isArray(s.type) ? s.type : [s.type];
  return t
    .map((x: string) =>
      x === 'array'
        ? `${typeOf(s.items)}[]`
        : x === 'object' && s.additionalProperties && typeof s.additionalProperties === 'object'
          ? `map of ${typeOf(s.additionalProperties)}`
          : x === 'integer'
            ? 'int'
            : x,
    )
    .join(' | ');
}

/** The fields of an object schema (one level; nested named schemas are listed under Schemas). */
export function SchemaView({ schema, components }: { schema: Json | undefined; components: Record<string, Json> }) {
  const s = schema?.$ref ? components[refName(schema.$ref)] : schema;
  if (!s) return <p className="text-sm text-slate-500">No body.</p>;
  const props = s.properties as Record<string, Json> | undefined;
  if (!props) return <p className="font-mono text-sm text-slate-700">{typeOf(schema)}</p>;
  const required = new Set<string>(s.required ?? []);
  return (
    <ul className="space-y-0.5 font-mono text-sm">
      {Object.entries(props).map(([name, p]) => (
        <li key={name}>
          <span className="text-slate-900">{name}</span>
          {required.has(name) ? null : <span className="text-slate-400">?</span>}
          <span className="text-slate-500">: {typeOf(p)}</span>
          {p.description ? <span className="font-sans text-slate-500"> · {p.description}</span> : null}
        </li>
      ))}
    </ul>
  );
}
