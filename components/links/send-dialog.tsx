'use client';

import { useState } from 'react';
import { Button, Dialog, FormField, Input, Textarea, useToast } from '@/components/ui';
import { isEmailAddress } from '@/lib/auth/email';
import { useSendLink } from '@/lib/client/links';

const MAX_MESSAGE = 500;

/**
 * Sends a link to a guest by e-mail from the service: the mail names the sender and the
 * organization, the doors and when the link works, and quotes the sender's few words.
 */
export function SendDialog({
  orgId,
  link,
  onClose,
}: {
  orgId: number;
  link: { id: string; name: string } | null;
  onClose: () => void;
}) {
  const send = useSendLink(orgId);
  const toast = useToast();
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const [tried, setTried] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const address = email.trim();
  const emailProblem = !address
    ? "Enter the guest's e-mail address."
    : !isEmailAddress(address)
      ? 'This is not an e-mail address (name@example.com).'
      : null;
  const messageProblem =
    message.trim().length > MAX_MESSAGE ? `At most ${MAX_MESSAGE} characters (now ${message.trim().length}).` : null;

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setTried(true);
    if (emailProblem || messageProblem || !link) return;
    setServerError(null);
    try {
      await send.mutateAsync({ id: link.id, email: address, message: message.trim() || undefined });
      toast.success(`Link sent to ${address}`);
      onClose();
    } catch (err) {
      setServerError(err instanceof Error ? err.message : 'Sending failed.');
    }
  }

  return (
    <Dialog
      open={!!link}
      onClose={onClose}
      dismissable={!send.isPending}
      title={`Send "${link?.name ?? ''}" by e-mail`}
      description="The guest gets the link with its doors and hours, and your name as the sender. Anyone with the link can open its doors while it is valid."
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <FormField label="Guest's e-mail" required error={tried ? (emailProblem ?? undefined) : undefined}>
          <Input
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            autoComplete="off"
            maxLength={320}
          />
        </FormField>
        <FormField
          label="Your message (optional)"
          hint={`${message.trim().length}/${MAX_MESSAGE} characters, quoted in the mail.`}
          error={messageProblem ?? undefined}
        >
          <Textarea value={message} onChange={(e) => setMessage(e.target.value)} rows={3} />
        </FormField>
        {serverError ? (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
            {serverError}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose} disabled={send.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={send.isPending}>
            Send link
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
