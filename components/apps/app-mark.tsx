/** An app's logo (served from our origin), or its initial when it has none. */
export function AppMark({ clientId, name, hasLogo }: { clientId: string; name: string; hasLogo: boolean }) {
  return hasLogo ? (
    <img
      src={`/oauth/logo/${encodeURIComponent(clientId)}`}
      alt=""
      width={40}
      height={40}
      className="h-10 w-10 shrink-0 rounded-lg border border-slate-200 object-contain"
    />
  ) : (
    <span
      aria-hidden
      className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-slate-100 font-semibold text-slate-600"
    >
      {name.slice(0, 1).toUpperCase()}
    </span>
  );
}
