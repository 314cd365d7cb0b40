import { CALLERS, SHORT, type Caller } from './world';

/**
 * THE AUTHORIZATION MATRIX: every route and method under app/api/v37 and app/api/sim, the status
 * each caller gets (world.ts describes the callers; requests.ts what each row asks, and of which
 * target). The expectations come from docs/security.md (the door policy) and the contract
 * (decisions.md "Errors and visibility"): 401 without valid credentials (a revoked or expired key,
 * an access link's token used as a key), 403 for a key without the route's scope, 404 where the
 * caller cannot see the device, organization, link or resource at all, 403 where they see it but
 * the policy refuses, 2xx where it allows.
 *
 * The /link routes are public: the token in the path is the credential. Their link columns use the
 * row's link (valid, ended, or another device's); every other caller, whatever their key, has no
 * link and sends a made-up token (404). Other public routes ignore credentials altogether.
 *
 * own adm aOf aGr: owner, administrator active, administrator outside their window, administrator through a group
 * gst gOf gRm gMb: guest active, guest outside their window, guest without remote opening, guest through a group
 * mem out:         organization member without access, outsider
 * aRm aNF fAd 2nd: administrator with remote opening disabled, administrator without the organization's required
 *                  second factor, former administrator (a member again), second account of an administrator who lost
 *                  their access (adm, with a daily window, is the administrator with a schedule)
 * aSt:             administrator of the device and of the organization, limited by the owner to no site of it
 *                  (issue 35): sees and opens like an administrator, manages and hands out nothing, and is
 *                  refused what reaches the whole organization (webhooks, audit log, bridges) and site changes
 * ro rev exp non:  the owner's read-only key, a revoked key, an expired key, no credentials
 * lnk lnX lnD:     an access link's token: valid, expired, for another device
 */
export const GRID = `
method route                                                                     own adm aOf aGr gst gOf gRm gMb mem out aRm aNF fAd 2nd aSt ro  rev exp non lnk lnX lnD

# the simulator's control plane (SIM_CONTROL=1): the hardware, driven by the owner and active administrators (driveSimulator)
GET    /api/sim/device/[id]                                                      200 200 403 200 403 403 403 403 404 404 200 403 200 404 403 200 401 401 401 401 401 401
POST   /api/sim/device/[id]                                                      200 200 403 200 403 403 403 403 404 404 403 403 200 404 403 403 401 401 401 401 401 401
GET    /api/sim/gate                                                             200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 401 401 401 401 401 401
POST   /api/sim/gate                                                             200 200 403 200 403 403 403 403 404 404 200 403 200 404 403 403 401 401 401 401 401 401
POST   /api/sim/lock/[id]/keypad                                                 200 200 403 200 403 403 403 403 404 404 200 403 200 404 403 403 401 401 401 401 401 401

# public
POST   /api/v37/notification/unsubscribe                                         200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 200
POST   /api/v37/account/register                                                 202 202 202 202 202 202 202 202 202 202 202 202 202 202 202 202 202 202 202 202 202 202
POST   /api/v37/account/verify                                                   200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 200
POST   /api/v37/account/verify/resend                                            202 202 202 202 202 202 202 202 202 202 202 202 202 202 202 202 202 202 202 202 202 202
POST   /api/v37/account/password/forgot                                          202 202 202 202 202 202 202 202 202 202 202 202 202 202 202 202 202 202 202 202 202 202
POST   /api/v37/account/password/reset                                           200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 200
POST   /api/v37/account/passkey/options                                          200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 200
GET    /api/v37/service/publickey                                                200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 200
GET    /api/v37/openapi.json                                                     200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 200
GET    /api/v37/datetime/getsignedtime                                           200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 401 401 401 401 401 401
GET    /api/v37/link/[token]                                                     404 404 404 404 404 404 404 404 404 404 404 404 404 404 404 404 404 404 404 200 410 200
GET    /api/v37/link/[token]/page                                                404 404 404 404 404 404 404 404 404 404 404 404 404 404 404 404 404 404 404 200 200 200
POST   /api/v37/link/[token]/device/[deviceId]/open                              404 404 404 404 404 404 404 404 404 404 404 404 404 404 404 404 404 404 404 202 410 404
GET    /api/v37/link/[token]/operation/[operationId]                             404 404 404 404 404 404 404 404 404 404 404 404 404 404 404 404 404 404 404 200 410 404

# the caller's own lists
GET    /api/v37/my/bridge                                                        200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 401 401 401 401 401 401
GET    /api/v37/my/device                                                        200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 401 401 401 401 401 401
GET    /api/v37/my/device/details                                                200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 401 401 401 401 401 401
GET    /api/v37/my/device/list                                                   200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 401 401 401 401 401 401
GET    /api/v37/my/attention                                                     200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 401 401 401 401 401 401
GET    /api/v37/my/events                                                        200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 401 401 401 401 401 401
GET    /api/v37/my/doorsensor                                                    200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 401 401 401 401 401 401
GET    /api/v37/my/gate                                                          200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 401 401 401 401 401 401
GET    /api/v37/my/lock                                                          200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 401 401 401 401 401 401
GET    /api/v37/my/lock/sync                                                     200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 401 401 401 401 401 401
POST   /api/v37/my/gate/sync                                                     204 204 204 204 204 204 204 204 204 204 204 204 204 204 204 403 401 401 401 401 401 401
GET    /api/v37/my/keypad                                                        200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 401 401 401 401 401 401

# a device: see (any access within its dates)
GET    /api/v37/my/lock/[id]                                                     200 200 200 200 200 200 200 200 404 404 200 200 200 404 200 200 401 401 401 401 401 401
GET    /api/v37/my/lock/[id]/sync                                                200 200 200 200 200 200 200 200 404 404 200 200 200 404 200 200 401 401 401 401 401 401
GET    /api/v37/my/lock/[id]/timetable                                           200 200 200 200 200 200 200 200 404 404 200 200 200 404 200 200 401 401 401 401 401 401
PUT    /api/v37/my/lock/[id]/timetable                                           200 200 403 200 403 403 403 403 404 404 200 403 200 404 403 403 401 401 401 401 401 401
DELETE /api/v37/my/lock/[id]/timetable                                           204 204 403 204 403 403 403 403 404 404 204 403 204 404 403 403 401 401 401 401 401 401
GET    /api/v37/my/device/[deviceId]/battery                                     200 200 200 200 200 200 200 200 404 404 200 200 200 404 200 200 401 401 401 401 401 401
GET    /api/v37/my/device/[deviceId]/hours                                       200 200 200 200 200 200 200 200 404 404 200 200 200 404 200 200 401 401 401 401 401 401
GET    /api/v37/my/gate/[id]                                                     200 200 200 200 200 200 200 200 404 404 200 200 200 404 200 200 401 401 401 401 401 401
GET    /api/v37/my/doorsensor/[id]                                               200 200 200 200 200 200 200 200 404 404 200 200 200 404 200 200 401 401 401 401 401 401
GET    /api/v37/my/device/operation/[operationId]                                200 200 200 200 200 200 200 200 404 404 200 200 200 404 200 200 401 401 401 401 401 401
GET    /api/v37/my/device/[deviceId]/access                                      200 200 200 200 200 200 200 200 404 404 200 200 200 404 200 200 401 401 401 401 401 401
GET    /api/v37/my/deviceactivity                                                200 200 200 200 200 200 200 200 404 404 200 200 200 404 200 200 401 401 401 401 401 401
GET    /api/v37/my/deviceactivity/export                                         200 200 200 200 200 200 200 200 404 404 200 200 200 404 200 200 401 401 401 401 401 401
GET    /api/v37/my/devicecertificate/getrevokedformobile                         200 200 200 200 200 200 200 200 404 404 200 200 200 404 200 403 401 401 401 401 401 401

# a device: open (active now, remote opening allowed unless owner)
POST   /api/v37/my/lock/[id]/operation/unlock                                    202 202 403 202 202 403 403 202 404 404 403 202 202 404 202 403 401 401 401 401 401 401
POST   /api/v37/my/lock/[id]/operation/lock                                      202 202 403 202 202 403 403 202 404 404 403 202 202 404 202 403 401 401 401 401 401 401
POST   /api/v37/my/lock/[id]/operation/pull                                      202 202 403 202 202 403 403 202 404 404 403 202 202 404 202 403 401 401 401 401 401 401
# the same verbs in their legacy (v1.1x) form, {deviceId} in the body
POST   /api/v37/my/lock/open                                                     202 202 403 202 202 403 403 202 404 404 403 202 202 404 202 403 401 401 401 401 401 401
POST   /api/v37/my/lock/close                                                    202 202 403 202 202 403 403 202 404 404 403 202 202 404 202 403 401 401 401 401 401 401
POST   /api/v37/my/lock/pull-spring                                              202 202 403 202 202 403 403 202 404 404 403 202 202 404 202 403 401 401 401 401 401 401
POST   /api/v37/my/gate/[id]/operation/unlock                                    204 204 403 204 204 403 403 204 404 404 403 204 204 404 204 403 401 401 401 401 401 401

# a device: holdCertificate (active now; the remote flag does not matter)
GET    /api/v37/my/devicecertificate/getformobile                                200 200 403 200 200 403 200 200 404 404 200 200 200 404 200 403 401 401 401 401 401 401

# a device: managePins, readPinValue, share, manageDevice (owner or administrator, active now)
GET    /api/v37/my/lock/[id]/pin                                                 200 200 403 200 403 403 403 403 404 404 200 403 200 404 403 200 401 401 401 401 401 401
POST   /api/v37/my/lock/[id]/pin                                                 201 403 403 201 403 403 403 403 404 404 201 403 201 404 403 403 401 401 401 401 401 401
GET    /api/v37/my/lock/[id]/pin/[pinId]                                         200 403 403 200 403 403 403 403 404 404 200 403 200 404 403 200 401 401 401 401 401 401
PUT    /api/v37/my/lock/[id]/pin/[pinId]                                         204 204 403 204 403 403 403 403 404 404 204 403 204 404 403 403 401 401 401 401 401 401
DELETE /api/v37/my/lock/[id]/pin/[pinId]                                         204 204 403 204 403 403 403 403 404 404 204 403 204 404 403 403 401 401 401 401 401 401
POST   /api/v37/my/device/[deviceId]/access                                      201 403 403 201 403 403 403 403 404 404 403 403 201 404 403 403 401 401 401 401 401 401
POST   /api/v37/my/device/[deviceId]/access/[accessId]/copy-to                   201 201 403 201 403 403 403 403 404 404 201 403 201 404 403 403 401 401 401 401 401 401
PUT    /api/v37/my/device/[deviceId]/access/[accessId]                           204 204 403 204 403 403 403 403 404 404 204 403 204 404 403 403 401 401 401 401 401 401
DELETE /api/v37/my/device/[deviceId]/access/[accessId]                           204 204 403 204 403 403 403 403 404 404 204 403 204 404 403 403 401 401 401 401 401 401
POST   /api/v37/my/device/[deviceId]/access/[accessId]/resend                    200 403 403 200 403 403 403 403 404 404 403 403 200 404 403 403 401 401 401 401 401 401
POST   /api/v37/my/gate/[id]/sync                                                200 200 403 200 403 403 403 403 404 404 200 403 200 404 403 403 401 401 401 401 401 401
DELETE /api/v37/my/gate/[id]                                                     204 204 403 204 403 403 403 403 404 404 204 403 204 404 403 403 401 401 401 401 401 401
PATCH  /api/v37/my/lock                                                          200 200 403 200 403 403 403 403 404 404 200 403 200 404 403 403 401 401 401 401 401 401
PATCH  /api/v37/my/bridge                                                        200 200 403 200 403 403 403 403 404 404 200 403 200 404 403 403 401 401 401 401 401 401
# (a door sensor of the matrix belongs to no organization: no organization's second-factor rule reaches it)
PATCH  /api/v37/my/doorsensor/[id]                                               200 200 403 200 403 403 403 403 404 404 200 200 200 404 200 403 401 401 401 401 401 401
DELETE /api/v37/my/doorsensor/[id]                                               204 204 403 204 403 403 403 403 404 404 204 204 204 404 204 403 401 401 401 401 401 401

# the owner's own things (a phone, a key, a webhook): nobody else sees them
POST   /api/v37/my/mobile                                                        201 201 201 201 201 201 201 201 201 201 201 201 201 201 201 403 401 401 401 401 401 401
GET    /api/v37/my/mobile                                                        200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 401 401 401 401 401 401
GET    /api/v37/my/mobile/[id]                                                   200 404 404 404 404 404 404 404 404 404 404 404 404 404 404 200 401 401 401 401 401 401
DELETE /api/v37/my/mobile/[id]                                                   204 404 404 404 404 404 404 404 404 404 404 404 404 404 404 403 401 401 401 401 401 401
PUT    /api/v37/my/account/password                                              200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 403 401 401 401 401 401 401
POST   /api/v37/my/account/reauthenticate                                        204 204 204 204 204 204 204 204 204 204 204 204 204 204 204 403 401 401 401 401 401 401
DELETE /api/v37/my/account/sessions                                              200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 403 401 401 401 401 401 401
POST   /api/v37/my/organization-invitation                                       200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 403 401 401 401 401 401 401
POST   /api/v37/account/invitation/accept                                        200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 403 401 401 401 401 401 401
GET    /api/v37/my/personalaccesskey                                             200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 401 401 401 401 401 401
POST   /api/v37/my/personalaccesskey                                             201 201 201 201 201 201 201 201 201 201 201 201 201 201 201 403 401 401 401 401 401 401
PUT    /api/v37/my/personalaccesskey/[id]                                        204 404 404 404 404 404 404 404 404 404 404 404 404 404 404 403 401 401 401 401 401 401
DELETE /api/v37/my/personalaccesskey/[id]                                        204 404 404 404 404 404 404 404 404 404 404 404 404 404 404 403 401 401 401 401 401 401
GET    /api/v37/my/account/secondfactor                                          200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 401 401 401 401 401 401
POST   /api/v37/my/account/secondfactor/totp                                     201 201 201 201 201 201 201 201 201 201 201 201 201 201 201 403 401 401 401 401 401 401
PUT    /api/v37/my/account/secondfactor/totp                                     200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 403 401 401 401 401 401 401
DELETE /api/v37/my/account/secondfactor/totp                                     204 204 204 204 204 204 204 204 204 204 204 204 204 204 204 403 401 401 401 401 401 401
POST   /api/v37/my/account/secondfactor/recoverycodes                            200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 403 401 401 401 401 401 401
POST   /api/v37/my/account/passkey/options                                       200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 403 401 401 401 401 401 401
POST   /api/v37/my/account/passkey                                               201 201 201 201 201 201 201 201 201 201 201 201 201 201 201 403 401 401 401 401 401 401
DELETE /api/v37/my/account/passkey/[id]                                          204 404 404 404 404 404 404 404 404 404 404 404 404 404 404 403 401 401 401 401 401 401
GET    /api/v37/my/notification                                                  200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 401 401 401 401 401 401
PUT    /api/v37/my/notification                                                  200 200 200 200 403 403 403 403 404 404 200 200 200 404 200 403 401 401 401 401 401 401
GET    /api/v37/my/webhook                                                       200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 401 401 401 401 401 401
POST   /api/v37/my/webhook                                                       201 201 201 201 201 201 201 201 201 201 201 201 201 201 201 403 401 401 401 401 401 401
GET    /api/v37/my/webhook/[id]                                                  200 404 404 404 404 404 404 404 404 404 404 404 404 404 404 200 401 401 401 401 401 401
PATCH  /api/v37/my/webhook/[id]                                                  200 404 404 404 404 404 404 404 404 404 404 404 404 404 404 403 401 401 401 401 401 401
DELETE /api/v37/my/webhook/[id]                                                  204 404 404 404 404 404 404 404 404 404 404 404 404 404 404 403 401 401 401 401 401 401
POST   /api/v37/my/webhook/[id]/test                                             202 404 404 404 404 404 404 404 404 404 404 404 404 404 404 403 401 401 401 401 401 401
GET    /api/v37/my/webhook/[id]/delivery                                         200 404 404 404 404 404 404 404 404 404 404 404 404 404 404 200 401 401 401 401 401 401
POST   /api/v37/my/webhook/[id]/delivery/[deliveryId]/redeliver                  202 404 404 404 404 404 404 404 404 404 404 404 404 404 404 403 401 401 401 401 401 401
# third-party apps: the apps a person registered (Developer) and the apps acting for them (Connected apps)
GET    /api/v37/my/oauthclient                                                   200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 401 401 401 401 401 401
POST   /api/v37/my/oauthclient                                                   201 201 201 201 201 201 201 201 201 201 201 201 201 201 201 403 401 401 401 401 401 401
DELETE /api/v37/my/oauthclient/[clientId]                                        204 404 404 404 404 404 404 404 404 404 404 404 404 404 404 403 401 401 401 401 401 401
GET    /api/v37/my/connectedapp                                                  200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 401 401 401 401 401 401
DELETE /api/v37/my/connectedapp/[clientId]                                       204 404 404 404 404 404 404 404 404 404 404 404 404 404 404 403 401 401 401 401 401 401

# the organization: see (members), manageGroups and manageWebhooks (administrators: member 403, outsider 404)
GET    /api/v37/organization                                                     200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 401 401 401 401 401 401
GET    /api/v37/organization/[organizationId]/user                               200 200 200 200 200 200 200 200 200 404 200 200 200 404 200 200 401 401 401 401 401 401
POST   /api/v37/organization/[organizationId]/user                               201 201 201 201 403 403 403 403 403 404 201 403 403 404 201 403 401 401 401 401 401 401
GET    /api/v37/organization/[organizationId]/user/[organizationUserId]          200 200 200 200 200 200 200 200 200 404 200 200 200 404 200 200 401 401 401 401 401 401
PUT    /api/v37/organization/[organizationId]/user/byorganizationuserid/[organizationUserId] 201 201 201 201 403 403 403 403 403 404 201 403 403 404 201 403 401 401 401 401 401 401
DELETE /api/v37/organization/[organizationId]/user/byorganizationuserid/[organizationUserId] 201 201 201 201 403 403 403 403 403 404 201 403 403 404 201 403 401 401 401 401 401 401
DELETE /api/v37/organization/[organizationId]/invitation/[invitationId]          204 204 204 204 403 403 403 403 403 404 204 403 403 404 204 403 401 401 401 401 401 401
POST   /api/v37/organization/[organizationId]/invitation/[invitationId]/resend   200 200 200 200 403 403 403 403 403 404 200 403 403 404 200 403 401 401 401 401 401 401
# a page per person (issue 33): the organization's members see it; each door asks the door policy (share), as the per-device share does
GET    /api/v37/organization/[organizationId]/people                             200 200 200 200 200 200 200 200 200 404 200 200 200 404 200 200 401 401 401 401 401 401
GET    /api/v37/organization/[organizationId]/people/doors                       200 200 200 200 200 200 200 200 200 404 200 200 200 404 200 200 401 401 401 401 401 401
GET    /api/v37/organization/[organizationId]/people/access                      200 200 200 200 200 200 200 200 200 404 200 200 200 404 200 200 401 401 401 401 401 401
POST   /api/v37/organization/[organizationId]/people/access                      201 403 403 201 403 403 403 403 404 404 403 403 201 404 403 403 401 401 401 401 401 401
POST   /api/v37/organization/[organizationId]/people/access/revokeall            200 200 200 200 200 200 200 200 200 404 200 200 200 404 200 403 401 401 401 401 401 401
# only the owner makes or removes administrators and hands ownership over (administrators 403)
PUT    /api/v37/organization/[organizationId]/assignadmin                        204 403 403 403 403 403 403 403 403 404 403 403 403 404 403 403 401 401 401 401 401 401
PUT    /api/v37/organization/[organizationId]/removeadmin                        200 403 403 403 403 403 403 403 403 404 403 403 403 404 403 403 401 401 401 401 401 401
PUT    /api/v37/organization/[organizationId]/user/[organizationUserId]/sites    200 403 403 403 403 403 403 403 403 404 403 403 403 404 403 403 401 401 401 401 401 401
POST   /api/v37/organization/[organizationId]/transferownership                  204 403 403 403 403 403 403 403 403 404 403 403 403 404 403 403 401 401 401 401 401 401
GET    /api/v37/organization/[organizationId]/user-groups                        200 200 200 200 200 200 200 200 200 404 200 200 200 404 200 200 401 401 401 401 401 401
POST   /api/v37/organization/[organizationId]/user-groups                        200 200 200 200 403 403 403 403 403 404 200 403 403 404 200 403 401 401 401 401 401 401
GET    /api/v37/organization/[organizationId]/security                           200 200 200 200 200 200 200 200 200 404 200 200 200 404 200 200 401 401 401 401 401 401
PUT    /api/v37/organization/[organizationId]/security                           200 403 403 403 403 403 403 403 403 404 403 403 403 404 403 403 401 401 401 401 401 401
GET    /api/v37/organization/[organizationId]/user-groups/[groupId]              200 200 200 200 200 200 200 200 200 404 200 200 200 404 200 200 401 401 401 401 401 401
GET    /api/v37/organization/[organizationId]/user-groups/[groupId]/members      200 200 200 200 200 200 200 200 200 404 200 200 200 404 200 200 401 401 401 401 401 401
GET    /api/v37/organization/[organizationId]/user-groups/[groupId]/devices      200 200 200 200 200 200 200 200 200 404 200 200 200 404 200 200 401 401 401 401 401 401
PUT    /api/v37/organization/[organizationId]/user-groups/[groupId]              200 200 200 200 403 403 403 403 403 404 200 403 403 404 200 403 401 401 401 401 401 401
PATCH  /api/v37/organization/[organizationId]/user-groups/[groupId]              204 204 204 204 403 403 403 403 403 404 204 403 403 404 204 403 401 401 401 401 401 401
DELETE /api/v37/organization/[organizationId]/user-groups/[groupId]              204 204 204 204 403 403 403 403 403 404 204 403 403 404 204 403 401 401 401 401 401 401
POST   /api/v37/organization/[organizationId]/user-groups/[groupId]/members      207 207 207 207 403 403 403 403 403 404 207 403 403 404 207 403 401 401 401 401 401 401
DELETE /api/v37/organization/[organizationId]/user-groups/[groupId]/members      207 207 207 207 403 403 403 403 403 404 207 403 403 404 207 403 401 401 401 401 401 401

# sites, the organization's buildings (issue 35): members see them, manageSites (administrators, the groups' rule) changes them
GET    /api/v37/organization/[organizationId]/sites                              200 200 200 200 200 200 200 200 200 404 200 200 200 404 200 200 401 401 401 401 401 401
POST   /api/v37/organization/[organizationId]/sites                              200 200 200 200 403 403 403 403 403 404 200 403 403 404 403 403 401 401 401 401 401 401
GET    /api/v37/organization/[organizationId]/sites/[siteId]                     200 200 200 200 200 200 200 200 200 404 200 200 200 404 200 200 401 401 401 401 401 401
PATCH  /api/v37/organization/[organizationId]/sites/[siteId]                     204 204 204 204 403 403 403 403 403 404 204 403 403 404 403 403 401 401 401 401 401 401
DELETE /api/v37/organization/[organizationId]/sites/[siteId]                     204 204 204 204 403 403 403 403 403 404 204 403 403 404 403 403 401 401 401 401 401 401
POST   /api/v37/organization/[organizationId]/sites/[siteId]/devices             204 204 204 204 403 403 403 403 403 404 204 403 403 404 403 403 401 401 401 401 401 401
# a site's scheduled reports (issue 35): its owner and administrators (decideSiteReport, the second-factor rule); anyone ends their own subscription
GET    /api/v37/organization/[organizationId]/sites/[siteId]/reports             200 200 200 200 403 403 403 403 403 404 200 403 403 404 403 200 401 401 401 401 401 401
POST   /api/v37/organization/[organizationId]/sites/[siteId]/reports             201 201 201 201 403 403 403 403 403 404 201 403 403 404 403 403 401 401 401 401 401 401
GET    /api/v37/organization/[organizationId]/sites/[siteId]/reports/last        200 200 200 200 403 403 403 403 403 404 200 403 403 404 403 200 401 401 401 401 401 401
DELETE /api/v37/organization/[organizationId]/sites/[siteId]/reports/[subscriptionId] 204 204 204 204 204 204 204 204 204 404 204 204 204 404 204 403 401 401 401 401 401 401

# lockdowns (issue 35): members read them (they are refused by them); an administrator whose administration reaches the site starts and lifts one
GET    /api/v37/organization/[organizationId]/lockdowns                          200 200 200 200 200 200 200 200 200 404 200 200 200 404 200 200 401 401 401 401 401 401
POST   /api/v37/organization/[organizationId]/lockdowns                          201 201 201 201 403 403 403 403 403 404 201 403 403 404 403 403 401 401 401 401 401 401
GET    /api/v37/organization/[organizationId]/lockdowns/[lockdownId]             200 200 200 200 200 200 200 200 200 404 200 200 200 404 200 200 401 401 401 401 401 401
POST   /api/v37/organization/[organizationId]/lockdowns/[lockdownId]/lift        200 200 200 200 403 403 403 403 403 404 200 403 403 404 403 403 401 401 401 401 401 401

# bridges added by their local API (manageBridges: organization administrators, the second-factor rule applies)
GET    /api/v37/organization/[organizationId]/bridge                             200 200 200 200 403 403 403 403 403 404 200 403 403 404 403 200 401 401 401 401 401 401
POST   /api/v37/organization/[organizationId]/bridge                             201 201 201 201 403 403 403 403 403 404 201 403 403 404 403 403 401 401 401 401 401 401
POST   /api/v37/organization/[organizationId]/bridge/check                       200 200 200 200 403 403 403 403 403 404 200 403 403 404 403 403 401 401 401 401 401 401
DELETE /api/v37/organization/[organizationId]/bridge/[bridgeId]                  204 204 204 204 403 403 403 403 403 404 204 403 403 404 403 403 401 401 401 401 401 401
GET    /api/v37/organization/[organizationId]/webhook                            200 200 200 200 403 403 403 403 403 404 200 403 403 404 403 200 401 401 401 401 401 401
GET    /api/v37/organization/[organizationId]/audit                              200 200 200 200 403 403 403 403 403 404 200 403 403 404 403 200 401 401 401 401 401 401
GET    /api/v37/organization/[organizationId]/audit/export                       200 200 200 200 403 403 403 403 403 404 200 403 403 404 403 200 401 401 401 401 401 401
POST   /api/v37/organization/[organizationId]/webhook                            201 201 201 201 403 403 403 403 403 404 201 403 403 404 403 403 401 401 401 401 401 401
GET    /api/v37/organization/[organizationId]/webhook/[id]                       200 200 200 200 403 403 403 403 403 404 200 403 403 404 403 200 401 401 401 401 401 401
PATCH  /api/v37/organization/[organizationId]/webhook/[id]                       200 200 200 200 403 403 403 403 403 404 200 403 403 404 403 403 401 401 401 401 401 401
DELETE /api/v37/organization/[organizationId]/webhook/[id]                       204 204 204 204 403 403 403 403 403 404 204 403 403 404 403 403 401 401 401 401 401 401
POST   /api/v37/organization/[organizationId]/webhook/[id]/test                  202 202 202 202 403 403 403 403 403 404 202 403 403 404 403 403 401 401 401 401 401 401
GET    /api/v37/organization/[organizationId]/webhook/[id]/delivery              200 200 200 200 403 403 403 403 403 404 200 403 403 404 403 200 401 401 401 401 401 401
POST   /api/v37/organization/[organizationId]/webhook/[id]/delivery/[deliveryId]/redeliver 202 202 202 202 403 403 403 403 403 404 202 403 403 404 403 403 401 401 401 401 401 401

# access links: manageLinks (administrators; members and outsiders 404), linkDevice for the devices put on one
# (aSt changes or deletes no link reaching a door outside their sites; reading one is not changing it)
GET    /api/v37/organization/[organizationId]/accesslink                         200 200 200 200 404 404 404 404 404 404 200 403 404 404 200 200 401 401 401 401 401 401
POST   /api/v37/organization/[organizationId]/accesslink                         201 403 403 201 404 404 404 404 404 404 403 403 404 404 403 403 401 401 401 401 401 401
GET    /api/v37/organization/[organizationId]/accesslink/[accessLinkId]          200 200 200 200 404 404 404 404 404 404 200 403 404 404 200 200 401 401 401 401 401 401
GET    /api/v37/organization/[organizationId]/accesslink/[accessLinkId]/url      200 403 403 200 404 404 404 404 404 404 403 403 404 404 403 200 401 401 401 401 401 401
GET    /api/v37/organization/[organizationId]/accesslink/[accessLinkId]/history  200 200 200 200 404 404 404 404 404 404 200 403 404 404 200 200 401 401 401 401 401 401
PATCH  /api/v37/organization/[organizationId]/accesslink/[accessLinkId]          200 200 200 200 404 404 404 404 404 404 200 403 404 404 403 403 401 401 401 401 401 401
POST   /api/v37/organization/[organizationId]/accesslink/[accessLinkId]/send     202 403 403 202 404 404 404 404 404 404 403 403 404 404 403 403 401 401 401 401 401 401
DELETE /api/v37/organization/[organizationId]/accesslink/[accessLinkId]          204 204 204 204 404 404 404 404 404 404 204 403 404 404 403 403 401 401 401 401 401 401
GET    /api/v37/organization/[organizationId]/accesslink/device/assignable       200 200 200 200 404 404 404 404 404 404 200 403 404 404 200 200 401 401 401 401 401 401
`;

export interface Row {
  method: string;
  route: string;
  /** `${method} ${route}`, as tests/contract labels them */
  label: string;
  expect: Record<Caller, number>;
}

/** The grid as rows; throws on a header that does not name the callers in order, or a malformed line. */
export function parseGrid(text: string): Row[] {
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const [header, ...body] = lines;
  const cols = header.split(/\s+/).slice(2);
  const want = CALLERS.map((c) => SHORT[c]);
  if (cols.join(' ') !== want.join(' '))
    throw new Error(`matrix header names ${cols.join(' ')}; the callers are ${want.join(' ')}`);
  return body.map((line) => {
    const [method, route, ...cells] = line.split(/\s+/);
    const statuses = cells.map(Number);
    if (
      !/^(GET|POST|PUT|PATCH|DELETE)$/.test(method) ||
      !route?.startsWith('/api/') ||
      statuses.length !== CALLERS.length ||
      statuses.some((s) => !Number.isInteger(s) || s < 200 || s > 599)
    ) {
      throw new Error(`malformed matrix line (method, route, then ${CALLERS.length} statuses): ${line}`);
    }
    return {
      method,
      route,
      label: `${method} ${route}`,
      expect: Object.fromEntries(CALLERS.map((c, i) => [c, statuses[i]])) as Record<Caller, number>,
    };
  });
}

export const ROWS = parseGrid(GRID);
