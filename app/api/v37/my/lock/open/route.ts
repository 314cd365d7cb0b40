import { legacyCommand } from '../legacy';

// POST /api/v37/my/lock/open {deviceId}: legacy (v1.1x) unlock, an alias of /my/lock/{id}/operation/unlock
export const POST = legacyCommand(1, 'POST /my/lock/open');
