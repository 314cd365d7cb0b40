'use client';

import { Checkbox, FormField, Select } from '@/components/ui';

/**
 * What a grant lets its holder do: the role (Guest or Administrator, the latter only for those who
 * may hand it out) and whether they may open from afar. Shared by the device's share dialog and a
 * person's "give access".
 */
export function AccessRoleFields({
  level,
  onLevel,
  remote,
  onRemote,
  mayAdminister = true,
  thing,
}: {
  level: number;
  onLevel: (level: number) => void;
  remote: boolean;
  onRemote: (remote: boolean) => void;
  /** false: the person granting is no administrator here, so they cannot make one */
  mayAdminister?: boolean;
  /** what the role is about, in the hint: "device" or "door" */
  thing: string;
}) {
  return (
    <>
      <FormField label="Role" hint={`Administrators can share the ${thing} and see all of its activity.`}>
        <Select value={level} onChange={(e) => onLevel(Number(e.target.value))}>
          <option value={0}>Guest</option>
          {mayAdminister ? <option value={1}>Administrator</option> : null}
        </Select>
      </FormField>
      <Checkbox
        label="Allow opening remotely"
        hint="Off: only near the door (Bluetooth), never from afar."
        checked={remote}
        onChange={(e) => onRemote(e.target.checked)}
      />
    </>
  );
}
