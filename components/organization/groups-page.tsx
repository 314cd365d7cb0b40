'use client';

import { Link } from '@/components/ui/link';
import { useState } from 'react';
import {
  Button,
  RowAction,
  PageHeader,
  Table,
  TBody,
  Td,
  Th,
  THead,
  Tr,
  usePageParams,
  useToast,
  ConfirmItemDialog,
} from '@/components/ui';
import {
  useCreateGroup,
  useDeleteGroup,
  useGroups,
  useRenameGroup,
  type Group,
  type MyOrganization,
} from '@/lib/client/organization';
import { NameDialog } from './name-dialog';
import { mayInOrg, OrgGate } from './org-gate';
import { useSearchText } from './search-box';
import { SearchedList } from './searched-list';

export function GroupsPage() {
  return <OrgGate>{(org) => <Groups org={org} />}</OrgGate>;
}

function Groups({ org }: { org: MyOrganization }) {
  const { page, itemsPerPage } = usePageParams(25);
  const text = useSearchText();
  const list = useGroups(org.id, { page, itemsPerPage, text });
  const create = useCreateGroup(org.id);
  const rename = useRenameGroup(org.id);
  const remove = useDeleteGroup(org.id);
  const toast = useToast();
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<Group | null>(null);
  const [deleting, setDeleting] = useState<Group | null>(null);
  const admin = mayInOrg(org, 'manageGroups');

  return (
    <>
      <PageHeader
        title="Groups"
        description={`Groups of ${org.name}. Access given to a group applies to all its members.`}
        actions={admin ? <Button onClick={() => setCreating(true)}>New group</Button> : null}
      />
      <SearchedList
        noun={{ one: 'group', many: 'groups' }}
        query={list}
        loadingRows={5}
        page={page}
        itemsPerPage={itemsPerPage}
        rows={(groups) => groups.length}
        empty={{
          text: admin
            ? 'Create a group, add people, then give the group access to doors.'
            : 'An administrator can create groups.',
          action: admin ? <Button onClick={() => setCreating(true)}>New group</Button> : null,
        }}
      >
        {(groups) => (
          <Table caption="Groups">
            <THead>
              <Tr>
                <Th>Name</Th>
                {admin ? <Th className="text-right">Actions</Th> : null}
              </Tr>
            </THead>
            <TBody>
              {groups.map((g) => (
                <Tr key={g.id}>
                  <Td>
                    <Link href={`/organization/groups/${g.id}`} className="font-medium text-indigo-700 hover:underline">
                      {g.name}
                    </Link>
                  </Td>
                  {admin ? (
                    <Td className="space-x-2 text-right whitespace-nowrap">
                      <RowAction action="Rename" of={g.name} onClick={() => setRenaming(g)} />
                      <RowAction action="Delete" of={g.name} danger onClick={() => setDeleting(g)} />
                    </Td>
                  ) : null}
                </Tr>
              ))}
            </TBody>
          </Table>
        )}
      </SearchedList>
      <NameDialog
        open={creating}
        title="New group"
        submitLabel="Create group"
        onClose={() => setCreating(false)}
        onSubmit={async (name) => {
          await create.mutateAsync(name);
          toast.success(`Group "${name}" created`);
        }}
      />
      <NameDialog
        open={!!renaming}
        title="Rename group"
        initial={renaming?.name}
        submitLabel="Save"
        onClose={() => setRenaming(null)}
        onSubmit={async (name) => {
          await rename.mutateAsync({ id: renaming!.id, name });
          toast.success(`Group renamed to "${name}"`);
        }}
      />
      <ConfirmItemDialog
        item={deleting}
        onClose={() => setDeleting(null)}
        title={(g) => `Delete "${g.name}"?`}
        message="Its members lose the access they had through this group. Their own, direct access stays."
        confirmLabel="Delete group"
        onConfirm={async (g) => {
          await remove.mutateAsync(g.id);
          toast.success(`Group "${g.name}" deleted`);
        }}
      />
    </>
  );
}
