import { Button, type ButtonProps } from './button';

export interface RowActionProps extends Omit<ButtonProps, 'size' | 'children' | 'aria-label'> {
  /** the button's word: Edit, Delete, Revoke */
  action: string;
  /** what it acts on, for its accessible name ("Delete Front door", not one of five "Delete"s) */
  of: string;
  /** the accessible name when "action of" does not read well ("Move devices to Head office") */
  label?: string;
  /** it removes or ends something: red text, no fill (the confirmation that follows is the red one) */
  danger?: boolean;
}

/** One action of a list's row: small, named for its row, red when it removes. */
export function RowAction({ action, of, label, danger, variant, className, ...rest }: RowActionProps) {
  return (
    <Button
      size="sm"
      variant={variant ?? (danger ? 'ghostDanger' : 'secondary')}
      className={className}
      aria-label={label ?? `${action} ${of}`}
      {...rest}
    >
      {action}
    </Button>
  );
}
