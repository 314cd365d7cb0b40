import { legacyCommand } from '../legacy';

// POST /api/v37/my/lock/close {deviceId}: legacy (v1.1x) lock, an alias of /my/lock/{id}/operation/lock
export const POST = legacyCommand(0, 'POST /my/lock/close');
