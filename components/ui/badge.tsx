import { cn } from './cn';
import { AlertIcon, CheckIcon, DotIcon, InfoIcon, XCircleIcon } from './icons';

export type BadgeTone = 'ok' | 'warning' | 'problem' | 'neutral' | 'info';

const tones: Record<BadgeTone, string> = {
  ok: 'bg-green-50 text-green-800 ring-green-600/30',
  warning: 'bg-amber-50 text-amber-900 ring-amber-600/40',
  problem: 'bg-red-50 text-red-800 ring-red-600/30',
  neutral: 'bg-slate-100 text-slate-700 ring-slate-500/30',
  info: 'bg-indigo-50 text-indigo-800 ring-indigo-600/30',
};

const toneIcons: Record<BadgeTone, (p: { className?: string }) => React.ReactNode> = {
  ok: CheckIcon,
  warning: AlertIcon,
  problem: XCircleIcon,
  neutral: DotIcon,
  info: InfoIcon,
};

export interface BadgeProps {
  tone?: BadgeTone;
  /** The status in words; a badge always carries text so color is never the only signal. */
  children: React.ReactNode;
  /** true (default): the tone's icon; false: none; a node: that icon. */
  icon?: boolean | React.ReactNode;
  className?: string;
  title?: string;
}

export function Badge({ tone = 'neutral', children, icon = true, className, title }: BadgeProps) {
  const ToneIcon = toneIcons[tone];
  const glyph = icon === true ? <ToneIcon className="h-3.5 w-3.5" /> : icon === false ? null : icon;
  return (
    <span
      title={title}
      className={cn(
        'inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
        tones[tone],
        className,
      )}
    >
      {glyph}
      {children}
    </span>
  );
}
