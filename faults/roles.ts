import type { Fixture, Fleet } from './fleet';
import { sleep } from './free-port';

/** A process the scenario wants running, as a supervisor (systemd, Kubernetes) would keep it. */
export interface Role {
  fixture: Fixture;
  /** The URL a host printed once it listened. */
  url: string | undefined;
  /** Resolves once the current process printed its ready line (undefined if it never did). */
  ready: Promise<{ url?: string } | undefined>;
  readonly file: string;
  readonly env: Readonly<Record<string, string>>;
}

/** The processes the scenario runs, by role name (`host A`, `worker 1`, …). */
export class Roles {
  readonly byName = new Map<string, Role>();

  constructor(private readonly fleet: Fleet) {}

  /** Starts a process for `name`; does not wait for it (a process started during an outage may wait). */
  launch(name: string, file: string, env: Readonly<Record<string, string>> = {}): Role {
    const fixture = this.fleet.start(name, file, env);
    const role: Role = { fixture, url: undefined, ready: fixture.ready, file, env };
    void fixture.ready.then((line) => {
      if (role.fixture === fixture) role.url = line?.url;
    });
    this.byName.set(name, role);
    return role;
  }

  /** The role's process must exist: a harness error otherwise. */
  get(name: string): Role {
    const role = this.byName.get(name);
    if (!role) throw new Error(`no role named ${name}`);
    return role;
  }

  /**
   * Starts again each role whose process ended unexpectedly, so that one failure is reported once
   * and the later scenarios still measure their own behaviour. Answers the names respawned.
   */
  async respawnDead(): Promise<string[]> {
    const dead = [...this.byName].filter(([, role]) => role.fixture.exit && !role.fixture.exit.expected);
    await Promise.all(
      dead.map(async ([name, role]) => {
        // The data is seeded already: a respawned host only serves.
        role.fixture = this.fleet.start(`${name} (respawned)`, role.file, { ...role.env, SEED: '0' });
        role.ready = role.fixture.ready;
        role.url = (await role.ready)?.url;
      }),
    );
    return dead.map(([name]) => name);
  }

  /** Roles whose process is a worker and is running now. */
  runningWorkers(): [string, Role][] {
    return [...this.byName].filter(
      ([, role]) => role.file === 'worker.ts' && role.fixture.exit === undefined,
    );
  }
}

/** Polls `check` every 100 ms until it answers a value, or `ms` pass (then undefined). */
export async function until<T>(check: () => T | undefined | Promise<T | undefined>, ms: number) {
  for (const deadline = Date.now() + ms; ; await sleep(100)) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) return undefined;
  }
}
