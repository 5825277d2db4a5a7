/**
 * Whether a start seeds the demo community (200 members who share one password) into an
 * empty database. It is a convenience for trying the app, and a risk on a real deployment,
 * so it is seeded only where it is asked for: DEMO_COMMUNITY=1 or 0 decides when set;
 * otherwise only the embedded database's first run, and never under NODE_ENV=production or
 * on PostgreSQL (DATABASE_URL), which is what real deployments run.
 */
export function demoCommunityWanted(env: NodeJS.ProcessEnv): boolean {
  const asked = env.DEMO_COMMUNITY?.trim().toLowerCase();
  if (asked === '1' || asked === 'true') return true;
  if (asked === '0' || asked === 'false') return false;
  return !env.DATABASE_URL && env.NODE_ENV !== 'production';
}
