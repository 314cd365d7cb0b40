'use client';

import { useState } from 'react';
import { Checkbox, FormDialog, FormError, FormField, Input, Textarea, TextField } from '@/components/ui';
import { useRefusal } from '@/lib/client/use-refusal';
import type { NewAppInput } from '@/lib/client/apps';

const MAX_LOGO = 64 * 1024;

/** What the server accepts as a redirect address (lib/domain/apps/rules.ts), checked before sending. */
function redirectProblem(raw: string): string | null {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return `“${raw}” is not a full address (https://...).`;
  }
  if (raw.includes('#')) return `“${raw}”: no fragment (#) in a redirect address.`;
  if (u.protocol === 'http:' && !['127.0.0.1', '[::1]', 'localhost'].includes(u.hostname))
    return `“${raw}”: use https (http only to 127.0.0.1 for apps on this computer).`;
  return null;
}

interface Props {
  open: boolean;
  /** Sends it; throws the server's refusal (said in the dialog, which stays open). */
  onSubmit: (input: NewAppInput) => Promise<unknown>;
  onClose: () => void;
}

/** Name, redirect addresses, logo and kind of a new app, checked before sending. */
export function RegisterAppDialog(props: Props) {
  // mounted on open: the fields start empty each time
  return props.open ? <RegisterAppForm {...props} /> : null;
}

function RegisterAppForm({ onSubmit, onClose }: Props) {
  const [name, setName] = useState('');
  const [uris, setUris] = useState('');
  const [isPublic, setIsPublic] = useState(false);
  const [logo, setLogo] = useState<string | null>(null);
  const [logoError, setLogoError] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const list = uris
    .split(/\s+/)
    .map((s) => s.trim())
    .filter(Boolean);
  const errors = {
    name: !name.trim()
      ? 'Give the app the name people will see when it asks for access.'
      : name.trim().length > 80
        ? 'At most 80 characters.'
        : null,
    uris: !list.length
      ? 'Add at least one address the app receives its answer at.'
      : list.length > 10
        ? 'At most 10 addresses.'
        : (list.map(redirectProblem).find(Boolean) ?? null),
  };
  const show = (e: string | null) => (tried ? e : null);
  const server = useRefusal(['name', 'redirectUris', 'logo'] as const);

  const pickLogo = (file: File | undefined) => {
    setLogoError(null);
    setLogo(null);
    server.edited('logo');
    if (!file) return;
    if (!['image/png', 'image/jpeg', 'image/webp'].includes(file.type))
      return setLogoError('A PNG, JPEG or WebP image.');
    if (file.size > MAX_LOGO) return setLogoError('At most 64 KB.');
    const reader = new FileReader();
    reader.onload = () => setLogo(String(reader.result));
    reader.readAsDataURL(file);
  };

  return (
    <FormDialog
      open
      onClose={onClose}
      title="Register an app"
      size="lg"
      submitLabel="Register app"
      onSubmit={() => {
        setTried(true);
        if (errors.name || errors.uris || logoError) return false;
        return server.send(() => onSubmit({ name: name.trim(), redirectUris: list, logo, isPublic }));
      }}
    >
      <TextField
        label="App name"
        required
        error={show(errors.name) ?? server.byField.name}
        hint="Shown to people on the consent page."
        value={name}
        maxLength={100}
        onValue={(v) => {
          setName(v);
          server.edited('name');
        }}
      />
      <FormField
        label="Redirect addresses"
        required
        error={show(errors.uris) ?? server.byField.redirectUris}
        hint="One per line, compared exactly. https, http://127.0.0.1 for an app on the same computer, or an app scheme (com.example.app:/callback)."
      >
        <Textarea
          value={uris}
          onChange={(e) => {
            setUris(e.target.value);
            server.edited('redirectUris');
          }}
          rows={3}
          placeholder="https://app.example/oauth/callback"
        />
      </FormField>
      <FormField
        label="Logo (optional)"
        error={logoError ?? server.byField.logo}
        hint="PNG, JPEG or WebP, at most 64 KB."
      >
        <Input type="file" accept="image/png,image/jpeg,image/webp" onChange={(e) => pickLogo(e.target.files?.[0])} />
      </FormField>
      <Checkbox
        id="app-public"
        label="Public app (a phone or browser app that cannot keep a secret)"
        hint="It gets no secret and proves itself with PKCE alone. Every app must use PKCE."
        checked={isPublic}
        onChange={(e) => setIsPublic(e.target.checked)}
      />
      <FormError error={server.general} />
    </FormDialog>
  );
}
