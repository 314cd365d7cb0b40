'use client';

import { useState } from 'react';
import { FormDialog, FormField, Textarea, useToast, TextField } from '@/components/ui';
import { isEmailAddress } from '@/lib/auth/email';
import { useSendLink } from '@/lib/client/links';

const MAX_MESSAGE = 500;

/**
 * Sends a link to a guest by e-mail from the service: the mail names the sender and the
 * organization, the doors and when the link works, and quotes the sender's few words.
 */
export function SendDialog(props: SendDialogProps) {
  // mounted per link: the fields start empty each time
  return props.link ? <SendForm key={props.link.id} {...props} link={props.link} /> : null;
}

interface SendDialogProps {
  orgId: number;
  link: { id: string; name: string } | null;
  onClose: () => void;
}

function SendForm({ orgId, link, onClose }: SendDialogProps & { link: { id: string; name: string } }) {
  const send = useSendLink(orgId);
  const toast = useToast();
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const [tried, setTried] = useState(false);
  const address = email.trim();
  const emailProblem = !address
    ? "Enter the guest's e-mail address."
    : !isEmailAddress(address)
      ? 'This is not an e-mail address (name@example.com).'
      : null;
  const messageProblem =
    message.trim().length > MAX_MESSAGE ? `At most ${MAX_MESSAGE} characters (now ${message.trim().length}).` : null;

  async function submit() {
    setTried(true);
    if (emailProblem || messageProblem) return false;
    await send.mutateAsync({ id: link.id, email: address, message: message.trim() || undefined });
    toast.success(`Link sent to ${address}`);
  }

  return (
    <FormDialog
      open
      onClose={onClose}
      title={`Send "${link.name}" by e-mail`}
      description="The guest gets the link with its doors and hours, and your name as the sender. Anyone with the link can open its doors while it is valid."
      size="md"
      submitLabel="Send link"
      onSubmit={submit}
    >
      <TextField
        label="Guest's e-mail"
        required
        error={tried ? (emailProblem ?? undefined) : undefined}
        type="email"
        value={email}
        autoComplete="off"
        maxLength={320}
        onValue={setEmail}
      />
      <FormField
        label="Your message (optional)"
        hint={`${message.trim().length}/${MAX_MESSAGE} characters, quoted in the mail.`}
        error={messageProblem ?? undefined}
      >
        <Textarea value={message} onChange={(e) => setMessage(e.target.value)} rows={3} />
      </FormField>
    </FormDialog>
  );
}
