import { legacyCommand } from '../legacy';

// POST /api/v37/my/lock/pull-spring {deviceId}: legacy (v1.1x) pull, an alias of /my/lock/{id}/operation/pull
export const POST = legacyCommand(2, 'POST /my/lock/pull-spring');
