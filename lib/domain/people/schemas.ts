import { z } from 'zod';
import { instant, int, windowFields } from '../schema-parts';

/** The shapes of the organization's people endpoints (issue 33), for the OpenAPI document. */
const code = z.string().describe('the error code of the refusal: invalid, forbidden, not_found, conflict');

export const PersonRef = z
  .object({
    userId: z.string().nullable(),
    email: z.string(),
    displayName: z.string(),
    pending: z.boolean().describe('no verified account yet: the doors wait as invitations to the address'),
  })
  .meta({ id: 'PeoplePerson' });

export const PersonSummarySchema = z
  .object({
    userId: z.string().nullable(),
    email: z.string(),
    displayName: z.string(),
    organizationUserId: int().nullable(),
    role: int().nullable().describe('0 member, 1 administrator, 2 owner; null: not in the organization'),
    roleName: z.string(),
    pending: z.boolean(),
    groups: z.array(z.object({ id: z.string(), name: z.string() })),
    doorCount: int().describe('doors, among those the caller manages, the person can open'),
    siteIds: z
      .array(int())
      .describe('the sites of those doors (our extension, issue 35), sorted; 0 stands for doors in no site'),
  })
  .meta({ id: 'PeopleSummary' });

const window = {
  startDate: instant.nullable(),
  endDate: instant.nullable(),
  dayStartTime: instant.nullable().describe("only its wall-clock time counts, in the door's zone"),
  dayEndTime: instant.nullable(),
  weekDays: int().nullable().describe('bit 0 Monday .. bit 6 Sunday; null: every day'),
};

const Door = z.object({
  deviceId: int(),
  name: z.string(),
  deviceType: int(),
  timeZone: z.string(),
  siteId: int().nullable().describe('its site (our extension, issue 35); null: none'),
});

export const PeopleListSchema = z
  .object({
    people: z.array(PersonSummarySchema),
    total: int().describe('the people matching the filters (our extension): all of them without one'),
    manageableDoorCount: int().describe('how many doors the caller may give now (our extension)'),
    manageableDoorsWithoutSite: z.boolean().describe('whether one of those doors is in no site (our extension)'),
    manageableDoors: z
      .array(Door)
      .optional()
      .describe(
        "the doors the caller may give now (the bulk grant's choices); left out when a page or a filter is asked for",
      ),
  })
  .meta({ id: 'PeopleList' });

export const ManageableDoorsSchema = z
  .object({
    doors: z.array(Door).describe('by name, then id'),
    total: int().describe('the doors matching the filters'),
  })
  .meta({ id: 'PeopleManageableDoors' });

export const PersonPageSchema = z
  .object({
    person: PersonSummarySchema,
    doors: z.array(
      z.object({
        deviceId: int(),
        deviceName: z.string(),
        deviceType: int(),
        timeZone: z.string(),
        accessId: z.string(),
        via: z.enum(['user', 'invitation', 'group']),
        groupId: z.string().nullable(),
        groupName: z.string().nullable(),
        accessLevel: int(),
        remoteAccessDisabled: z.boolean(),
        ...windowFields,
        endable: z.boolean().describe('ending all access ends this row: their own or invited, below the owner level'),
      }),
    ),
    doorCounts: z
      .object({
        rows: int().describe('every door row of the person (a door through a group and directly is two)'),
        endable: int().describe('rows that ending all access ends: their own or invited, below the owner level'),
        viaGroups: int().describe('rows through their groups'),
      })
      .describe('all of the person’s door rows, however many `doors` carries (itemsPerPage pages them)'),
    manageableDoorCount: int().describe('how many doors the caller may give now'),
    manageableDoors: z
      .array(Door)
      .optional()
      .describe(
        "the doors the caller may give now (the bulk grant's choices); left out with includeManageableDoors=false",
      ),
    pins: z
      .array(
        z.object({
          pinId: int(),
          alias: z.string(),
          deviceId: int(),
          deviceName: z.string(),
          timeZone: z.string(),
          ...window,
          state: z.enum(['notStarted', 'active', 'ended']).describe('by its dates, now'),
          lastUsedAt: instant.nullable(),
        }),
      )
      .describe(
        'PINs the person made (a PIN names no holder: its maker answers for it), on doors where the caller manages PINs; alias and window only, never the value',
      ),
    phones: z
      .array(
        z.object({
          mobileId: z.string().describe("the phone's public id"),
          mobileName: z.string(),
          operatingSystem: int().describe('0 iOS, 1 Android, 3 other'),
          deviceId: int(),
          deviceName: z.string(),
          timeZone: z.string(),
          issuedAt: instant,
          expirationDate: instant,
          state: z.enum(['valid', 'expired', 'revoked']),
        }),
      )
      .describe(
        "the newest offline certificate of each of the person's phones on each door the caller may share (their own page: each door they see)",
      ),
    keys: z
      .array(
        z.object({
          name: z.string(),
          scopes: z.array(z.string()),
          validTo: instant,
          lastUsedAt: instant.nullable(),
          state: z.enum(['active', 'expired']),
        }),
      )
      .optional()
      .describe("the personal access keys not revoked (never a secret); present only on one's own page"),
    activity: z
      .array(
        z.object({
          id: int(),
          deviceId: int(),
          deviceName: z.string(),
          timeZone: z.string(),
          date: instant,
          event: int(),
          eventName: z.string(),
          source: int(),
        }),
      )
      .describe(
        "the person's latest 10 activity entries on doors where the caller sees all activity (their own page: each door they see), newest first",
      ),
    links: z
      .array(
        z.object({
          linkId: z.string(),
          name: z.string(),
          sentAt: instant.describe('the last time the link was mailed to the address'),
          sentBy: z.string(),
          ...window,
          doors: z.array(z.object({ deviceId: int(), name: z.string(), timeZone: z.string() })),
        }),
      )
      .describe(
        "the organization's access links mailed to the person's address (a link names no holder: the mail is the record), for whoever manages links; never the URL",
      ),
    shown: z
      .object({
        pins: z.boolean(),
        phones: z.boolean(),
        keys: z.boolean(),
        activity: z.boolean(),
        links: z.boolean(),
        audit: z.boolean().describe('the caller may read the audit log (GET .../audit?person=) of this person'),
      })
      .describe('whether each part was shown to the caller at all (false: left out by the policy, not empty)'),
  })
  .meta({ id: 'PeoplePage' });

export const BulkGrantResultSchema = z
  .object({
    success: z.boolean(),
    person: PersonRef.optional().describe('absent when the request itself was refused (input, organization, person)'),
    doors: z
      .array(
        z.object({
          deviceId: int(),
          deviceName: z.string().nullable(),
          outcome: z
            .enum(['created', 'updated', 'unchanged', 'refused', 'notApplied'])
            .describe('notApplied: allowed, but not done because another door was refused (all or nothing)'),
          accessId: z.string().nullable(),
          error: z.object({ code, message: z.string() }).nullable(),
        }),
      )
      .optional()
      .describe('one answer per door, in the order asked; absent when the request itself was refused'),
    errorMessages: z.array(z.string()),
    statusCode: int().optional().describe('present when the request itself was refused (the usual error envelope)'),
  })
  .meta({ id: 'BulkGrantResult' });

const Ended = z.object({
  deviceId: int(),
  deviceName: z.string(),
  accessId: z.string(),
  via: z.enum(['user', 'invitation', 'group']),
  groupName: z.string().nullable(),
  reason: z.string().nullable(),
});

export const EndAllResultSchema = z
  .object({ person: PersonRef, ended: z.array(Ended), kept: z.array(Ended) })
  .meta({ id: 'EndAllAccessResult' });

export const GroupDoorSchema = z
  .object({
    deviceId: int(),
    deviceName: z.string(),
    deviceType: int(),
    timeZone: z.string().describe("the door's IANA zone: the window reads in it"),
    accessId: z.string().describe("the group's access to the door"),
    accessLevel: int().describe('0 guest, 1 administrator'),
    remoteAccessDisabled: z.boolean(),
    ...window,
  })
  .meta({ id: 'GroupDoor' });
