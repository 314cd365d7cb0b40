/**
 * The virtual Tedee bridge: the hardware of the demo and the tests (docs/devices.md). It speaks
 * the published Bridge API and our extension over HTTP, keeps its locks in its own memory, and
 * imports nothing of the service (lint keeps it so): the service reaches it like a real bridge.
 */
export { VirtualBridge, type BridgeInit, type Callback } from './bridge';
export { VirtualLock, type Fault, type LockInit } from './lock';
export { serveBridge, VirtualBridgeHost, listen, type Listening } from './server';
