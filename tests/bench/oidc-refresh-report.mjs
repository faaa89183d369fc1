// Prints the refresh-grant figures of the OpenID Connect bench and the ratios between them.

/** What rotation may cost: at most a fifth of the refresh figure of the build before it (per core). */
const ROTATION_COST_LIMIT = 0.2;

const percent = (ratio) => `${(ratio * 100).toFixed(0)} %`;

function line(name, r) {
  const database =
    r.databaseShare > 0 ? `, server alone ${r.perServerCore.toFixed(0)}/core, database ${percent(r.databaseShare)} of the CPU` : '';
  console.log(
    `${name.padEnd(58)} ${r.perSecond.toFixed(0).padStart(7)}/s ${r.perCore.toFixed(0).padStart(7)}/core  ` +
      `(rotated ${percent(r.rotatedShare)}${database})  errors ${r.bad}`,
  );
}

/** `ours`, `bare` and, when measured, `before`: results of oidc-refresh.mjs. Per core counts database CPU on PostgreSQL. */
export function printRefresh({ ours, bare, before, beforeScript }) {
  line(`(o3) refresh grants, rotating, this build, ${ours.kind}`, ours);
  line('(o4) refresh grants, rotating, bare oidc-provider (memory)', bare);
  console.log(
    `     this build / bare oidc-provider: ${percent(ours.perCore / bare.perCore)} per core, ${percent(ours.perSecond / bare.perSecond)} per second`,
  );
  if (!before) {
    console.log('     (BENCH_OIDC_BEFORE_SERVER=<main.js of the build before rotation> adds that build beside them)');
    return;
  }
  line(`(o5) refresh grants, build before rotation, ${before.kind}`, before);
  console.log(`     that build: ${beforeScript}`);
  const cost = 1 - ours.perCore / before.perCore;
  console.log(
    `     rotation's cost: ${percent(cost)} of the refresh figure before it per core (${percent(1 - ours.perSecond / before.perSecond)} per second); ` +
      `target <= ${percent(ROTATION_COST_LIMIT)}: ${cost <= ROTATION_COST_LIMIT ? 'met' : 'NOT met'}`,
  );
}
