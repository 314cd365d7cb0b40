import { config } from '@/lib/config';
import { bridgeHttpConfig, simControlEnabled } from '@/lib/config/bridges';
import { deviceReports } from '@/lib/domain/devices/reports';
import { DomainError } from '@/lib/domain/errors';
import { isDeviceFailure } from './errors';
import { createExternalGates } from './external-gates';
import type { DeviceGateway, SimulatorControl } from './gateway';
import { createTedeeGateway } from './tedee/adapter';
import { virtualBridgeControl } from './tedee/control';
import { virtualDeviceKey } from './virtual-bridge/keys';

export type * from './gateway';

/**
 * The one place that picks the hardware behind the service and connects it to the service's
 * report handler (docs/devices.md, "The seam"): locks and bridges over the Tedee Bridge API
 * (lib/devices/tedee), gates through the simulated external gate system. An adapter's refusals
 * (DeviceFailure) become the domain's typed errors here, so adapters import nothing of the domain.
 */
const gates = createExternalGates(deviceReports, () => config().SIM_COMMAND_MS);
const gateway: DeviceGateway = translated({
  ...createTedeeGateway(deviceReports, bridgeHttpConfig),
  ...gates.gateway,
  // the demo's devices are virtual, with keys derived from their serial numbers; a real Tedee device's key
  // is registered with Tedee's cloud and not given by its bridge's local API (docs/devices.md)
  publicKeyOf: ({ serialNumber }: { serialNumber: string }) => virtualDeviceKey(serialNumber).publicKey,
});
const control: SimulatorControl = translated({ ...virtualBridgeControl, ...gates.control });

/** Every method of `o`, with a DeviceFailure it throws turned into the DomainError of the same code. */
function translated<T extends object>(o: T): T {
  const wrap = (f: (...a: unknown[]) => unknown) =>
    function (this: unknown, ...args: unknown[]) {
      const rethrow = (e: unknown): never => {
        throw isDeviceFailure(e) ? new DomainError(e.code, e.message) : e;
      };
      try {
        const out = f.apply(this, args);
        return out instanceof Promise ? out.catch(rethrow) : out;
      } catch (e) {
        return rethrow(e);
      }
    };
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o))
    out[k] =
      typeof v === 'function'
        ? wrap(v as (...a: unknown[]) => unknown)
        : v && typeof v === 'object'
          ? translated(v)
          : v;
  return out as T;
}

export function getGateway(): DeviceGateway {
  return gateway;
}

/**
 * The demo's control plane (/api/sim): happenings at the doors of virtual bridges and in the
 * external gate system. null unless SIM_CONTROL=1, so it does not exist anywhere else.
 */
export function getSimulatorControl(): SimulatorControl | null {
  return simControlEnabled() ? control : null;
}
