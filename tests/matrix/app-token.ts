import { APP_SCOPES } from '@/lib/oauth/scopes';

/**
 * THE APP-TOKEN COLUMNS of the authorization matrix (issue 32): every route and method of table.ts,
 * asked with an OAuth access token of a third-party app the organization's owner (`own` in
 * table.ts) connected, answers exactly the status its cell states. The app acts as the owner,
 * with exactly the scopes the owner granted it, and never on the simulator or account security
 * routes (lib/oauth/tokens.ts):
 *
 * app: the owner's app, granted every scope an app may have (APP_SCOPES: the contract's scopes,
 *      no Account.* or Mobile.*)
 * apr: the owner's app, granted only the *.Read scopes among them
 *
 * A cell is the owner's status (table.ts) where the route takes one of the token's scopes; 403
 * where it takes none (the Account.* routes: keys, password, sessions, second factors, apps,
 * notifications), on /api/sim and on an organization's security rule and ownership. Public routes
 * ignore the token (the /link routes: 404, the caller has no link). Kept in a file of its own so the
 * grid of table.ts stays as it is; the test checks both grids name the same routes.
 */
export const APP_TOKEN_SCOPES = {
  app: [...APP_SCOPES],
  apr: APP_SCOPES.filter((s) => s.endsWith('.Read')),
} as const;

export type AppColumn = keyof typeof APP_TOKEN_SCOPES;

export const APP_GRID = `
method route                                                                     app apr
GET    /api/sim/device/[id]                                                      403 403
POST   /api/sim/device/[id]                                                      403 403
GET    /api/sim/gate                                                             403 403
POST   /api/sim/gate                                                             403 403
POST   /api/sim/lock/[id]/keypad                                                 403 403
POST   /api/v37/notification/unsubscribe                                         200 200
POST   /api/v37/account/register                                                 202 202
POST   /api/v37/account/verify                                                   200 200
POST   /api/v37/account/verify/resend                                            202 202
POST   /api/v37/account/password/forgot                                          202 202
POST   /api/v37/account/password/reset                                           200 200
POST   /api/v37/account/passkey/options                                          200 200
GET    /api/v37/service/publickey                                                200 200
GET    /api/v37/openapi.json                                                     200 200
GET    /api/v37/datetime/getsignedtime                                           200 200
GET    /api/v37/link/[token]                                                     404 404
GET    /api/v37/link/[token]/page                                                404 404
POST   /api/v37/link/[token]/device/[deviceId]/open                              404 404
GET    /api/v37/link/[token]/operation/[operationId]                             404 404
GET    /api/v37/my/bridge                                                        200 200
GET    /api/v37/my/device                                                        200 200
GET    /api/v37/my/device/details                                                200 200
GET    /api/v37/my/device/list                                                   200 200
GET    /api/v37/my/attention                                                     200 200
GET    /api/v37/my/events                                                        200 200
GET    /api/v37/my/doorsensor                                                    200 200
GET    /api/v37/my/gate                                                          200 200
GET    /api/v37/my/lock                                                          200 200
GET    /api/v37/my/lock/sync                                                     200 200
POST   /api/v37/my/gate/sync                                                     204 403
GET    /api/v37/my/keypad                                                        200 200
GET    /api/v37/my/lock/[id]                                                     200 200
GET    /api/v37/my/lock/[id]/sync                                                200 200
GET    /api/v37/my/lock/[id]/timetable                                           200 200
PUT    /api/v37/my/lock/[id]/timetable                                           200 403
DELETE /api/v37/my/lock/[id]/timetable                                           204 403
GET    /api/v37/my/device/[deviceId]/battery                                     200 200
GET    /api/v37/my/device/[deviceId]/hours                                       200 200
GET    /api/v37/my/gate/[id]                                                     200 200
GET    /api/v37/my/doorsensor/[id]                                               200 200
GET    /api/v37/my/device/operation/[operationId]                                200 200
GET    /api/v37/my/device/[deviceId]/access                                      200 200
GET    /api/v37/my/deviceactivity                                                200 200
GET    /api/v37/my/deviceactivity/export                                         200 200
GET    /api/v37/my/devicecertificate/getrevokedformobile                         200 403
POST   /api/v37/my/lock/[id]/operation/unlock                                    202 403
POST   /api/v37/my/lock/[id]/operation/lock                                      202 403
POST   /api/v37/my/lock/[id]/operation/pull                                      202 403
POST   /api/v37/my/lock/open                                                     202 403
POST   /api/v37/my/lock/close                                                    202 403
POST   /api/v37/my/lock/pull-spring                                              202 403
POST   /api/v37/my/gate/[id]/operation/unlock                                    204 403
GET    /api/v37/my/devicecertificate/getformobile                                200 403
GET    /api/v37/my/lock/[id]/pin                                                 200 200
POST   /api/v37/my/lock/[id]/pin                                                 201 403
GET    /api/v37/my/lock/[id]/pin/[pinId]                                         200 200
PUT    /api/v37/my/lock/[id]/pin/[pinId]                                         204 403
DELETE /api/v37/my/lock/[id]/pin/[pinId]                                         204 403
POST   /api/v37/my/device/[deviceId]/access                                      201 403
POST   /api/v37/my/device/[deviceId]/access/[accessId]/copy-to                   201 403
PUT    /api/v37/my/device/[deviceId]/access/[accessId]                           204 403
DELETE /api/v37/my/device/[deviceId]/access/[accessId]                           204 403
POST   /api/v37/my/device/[deviceId]/access/[accessId]/resend                    200 403
POST   /api/v37/my/gate/[id]/sync                                                200 403
DELETE /api/v37/my/gate/[id]                                                     204 403
PATCH  /api/v37/my/lock                                                          200 403
PATCH  /api/v37/my/bridge                                                        200 403
PATCH  /api/v37/my/doorsensor/[id]                                               200 403
DELETE /api/v37/my/doorsensor/[id]                                               204 403
POST   /api/v37/my/mobile                                                        201 403
GET    /api/v37/my/mobile                                                        200 403
GET    /api/v37/my/mobile/[id]                                                   200 403
DELETE /api/v37/my/mobile/[id]                                                   204 403
PUT    /api/v37/my/account/password                                              403 403
POST   /api/v37/my/account/reauthenticate                                        403 403
DELETE /api/v37/my/account/sessions                                              403 403
POST   /api/v37/my/organization-invitation                                       200 403
POST   /api/v37/account/invitation/accept                                        403 403
GET    /api/v37/my/personalaccesskey                                             403 403
POST   /api/v37/my/personalaccesskey                                             403 403
PUT    /api/v37/my/personalaccesskey/[id]                                        403 403
DELETE /api/v37/my/personalaccesskey/[id]                                        403 403
GET    /api/v37/my/account/secondfactor                                          403 403
POST   /api/v37/my/account/secondfactor/totp                                     403 403
PUT    /api/v37/my/account/secondfactor/totp                                     403 403
DELETE /api/v37/my/account/secondfactor/totp                                     403 403
POST   /api/v37/my/account/secondfactor/recoverycodes                            403 403
POST   /api/v37/my/account/passkey/options                                       403 403
POST   /api/v37/my/account/passkey                                               403 403
DELETE /api/v37/my/account/passkey/[id]                                          403 403
GET    /api/v37/my/notification                                                  403 403
PUT    /api/v37/my/notification                                                  403 403
GET    /api/v37/my/webhook                                                       200 200
POST   /api/v37/my/webhook                                                       201 403
GET    /api/v37/my/webhook/[id]                                                  200 200
PATCH  /api/v37/my/webhook/[id]                                                  200 403
DELETE /api/v37/my/webhook/[id]                                                  204 403
POST   /api/v37/my/webhook/[id]/test                                             202 403
GET    /api/v37/my/webhook/[id]/delivery                                         200 200
POST   /api/v37/my/webhook/[id]/delivery/[deliveryId]/redeliver                  202 403
GET    /api/v37/my/oauthclient                                                   403 403
POST   /api/v37/my/oauthclient                                                   403 403
DELETE /api/v37/my/oauthclient/[clientId]                                        403 403
GET    /api/v37/my/connectedapp                                                  403 403
DELETE /api/v37/my/connectedapp/[clientId]                                       403 403
GET    /api/v37/organization                                                     200 200
GET    /api/v37/organization/[organizationId]/user                               200 200
POST   /api/v37/organization/[organizationId]/user                               201 403
GET    /api/v37/organization/[organizationId]/user/[organizationUserId]          200 200
PUT    /api/v37/organization/[organizationId]/user/byorganizationuserid/[organizationUserId] 201 403
DELETE /api/v37/organization/[organizationId]/user/byorganizationuserid/[organizationUserId] 201 403
DELETE /api/v37/organization/[organizationId]/invitation/[invitationId]          204 403
POST   /api/v37/organization/[organizationId]/invitation/[invitationId]/resend   200 403
GET    /api/v37/organization/[organizationId]/people                             200 200
GET    /api/v37/organization/[organizationId]/people/doors                       200 200
GET    /api/v37/organization/[organizationId]/people/access                      200 200
POST   /api/v37/organization/[organizationId]/people/access                      201 403
POST   /api/v37/organization/[organizationId]/people/access/revokeall            200 403
PUT    /api/v37/organization/[organizationId]/assignadmin                        204 403
PUT    /api/v37/organization/[organizationId]/removeadmin                        200 403
PUT    /api/v37/organization/[organizationId]/user/[organizationUserId]/sites    200 403
POST   /api/v37/organization/[organizationId]/transferownership                  403 403
GET    /api/v37/organization/[organizationId]/bridge                             200 200
POST   /api/v37/organization/[organizationId]/bridge                             201 403
POST   /api/v37/organization/[organizationId]/bridge/check                       200 403
DELETE /api/v37/organization/[organizationId]/bridge/[bridgeId]                  204 403
GET    /api/v37/organization/[organizationId]/user-groups                        200 200
POST   /api/v37/organization/[organizationId]/user-groups                        200 403
GET    /api/v37/organization/[organizationId]/security                           403 403
PUT    /api/v37/organization/[organizationId]/security                           403 403
GET    /api/v37/organization/[organizationId]/user-groups/[groupId]              200 200
GET    /api/v37/organization/[organizationId]/user-groups/[groupId]/members      200 200
GET    /api/v37/organization/[organizationId]/user-groups/[groupId]/devices      200 200
PUT    /api/v37/organization/[organizationId]/user-groups/[groupId]              200 403
PATCH  /api/v37/organization/[organizationId]/user-groups/[groupId]              204 403
DELETE /api/v37/organization/[organizationId]/user-groups/[groupId]              204 403
POST   /api/v37/organization/[organizationId]/user-groups/[groupId]/members      207 403
DELETE /api/v37/organization/[organizationId]/user-groups/[groupId]/members      207 403
GET    /api/v37/organization/[organizationId]/sites                              200 200
POST   /api/v37/organization/[organizationId]/sites                              200 403
GET    /api/v37/organization/[organizationId]/sites/[siteId]                     200 200
PATCH  /api/v37/organization/[organizationId]/sites/[siteId]                     204 403
DELETE /api/v37/organization/[organizationId]/sites/[siteId]                     204 403
POST   /api/v37/organization/[organizationId]/sites/[siteId]/devices             204 403
GET    /api/v37/organization/[organizationId]/sites/[siteId]/reports             200 200
POST   /api/v37/organization/[organizationId]/sites/[siteId]/reports             201 403
GET    /api/v37/organization/[organizationId]/sites/[siteId]/reports/last        200 200
DELETE /api/v37/organization/[organizationId]/sites/[siteId]/reports/[subscriptionId] 204 403
GET    /api/v37/organization/[organizationId]/lockdowns                          200 200
POST   /api/v37/organization/[organizationId]/lockdowns                          201 403
GET    /api/v37/organization/[organizationId]/lockdowns/[lockdownId]             200 200
POST   /api/v37/organization/[organizationId]/lockdowns/[lockdownId]/lift        200 403
GET    /api/v37/organization/[organizationId]/webhook                            200 200
GET    /api/v37/organization/[organizationId]/audit                              200 200
GET    /api/v37/organization/[organizationId]/audit/export                       200 200
POST   /api/v37/organization/[organizationId]/webhook                            201 403
GET    /api/v37/organization/[organizationId]/webhook/[id]                       200 200
PATCH  /api/v37/organization/[organizationId]/webhook/[id]                       200 403
DELETE /api/v37/organization/[organizationId]/webhook/[id]                       204 403
POST   /api/v37/organization/[organizationId]/webhook/[id]/test                  202 403
GET    /api/v37/organization/[organizationId]/webhook/[id]/delivery              200 200
POST   /api/v37/organization/[organizationId]/webhook/[id]/delivery/[deliveryId]/redeliver 202 403
GET    /api/v37/organization/[organizationId]/accesslink                         200 200
POST   /api/v37/organization/[organizationId]/accesslink                         201 403
GET    /api/v37/organization/[organizationId]/accesslink/[accessLinkId]          200 200
GET    /api/v37/organization/[organizationId]/accesslink/[accessLinkId]/url      200 200
GET    /api/v37/organization/[organizationId]/accesslink/[accessLinkId]/history  200 200
PATCH  /api/v37/organization/[organizationId]/accesslink/[accessLinkId]          200 403
POST   /api/v37/organization/[organizationId]/accesslink/[accessLinkId]/send     202 403
DELETE /api/v37/organization/[organizationId]/accesslink/[accessLinkId]          204 403
GET    /api/v37/organization/[organizationId]/accesslink/device/assignable       200 200
`;

export interface AppRow {
  method: string;
  route: string;
  label: string;
  expect: Record<AppColumn, number>;
}

export function parseAppGrid(text: string): AppRow[] {
  const [header, ...body] = text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  if (header.split(/\s+/).slice(2).join(' ') !== 'app apr') throw new Error(`app grid header: ${header}`);
  return body.map((line) => {
    const [method, route, app, apr] = line.split(/\s+/);
    const expect = { app: Number(app), apr: Number(apr) };
    if (!route?.startsWith('/api/') || !Object.values(expect).every((s) => s >= 200 && s <= 599))
      throw new Error(`malformed app grid line: ${line}`);
    return { method, route, label: `${method} ${route}`, expect };
  });
}

export const APP_ROWS = parseAppGrid(APP_GRID);
