import { createRateLimiter } from "../../src/server/http/rate-limit";
import { perRuntime } from "../../src/server/runtime";

const WINDOW_MS = 15 * 60_000;

/**
 * Attempts of one kind counted per account address and per client over 15 minutes, at the login limits
 * (LOGIN_MAX_FAILURES_PER_ACCOUNT, LOGIN_MAX_FAILURES_PER_IP): failed logins, and password reset requests, each of
 * which may mail someone or notify the admins. Without an `ip`, only the account counts (a wrong current password).
 */
export function attemptLimits(name: string) {
  const limiters = perRuntime(({ config }) => ({
    byAccount: createRateLimiter(name, config.loginMaxFailuresPerAccount, WINDOW_MS),
    byIp: createRateLimiter(name, config.loginMaxFailuresPerIp, WINDOW_MS),
  }));
  const accountKey = (email: string) => `account:${email.toLowerCase()}`;
  const ipKey = (ip: string) => `ip:${ip}`;
  return {
    /** Whether the account, or the client, has used up its attempts. */
    async blocked(email: string, ip?: string): Promise<boolean> {
      const { byAccount, byIp } = limiters();
      return (await byAccount.blocked(accountKey(email))) || (ip !== undefined && (await byIp.blocked(ipKey(ip))));
    },
    async hit(email: string, ip?: string): Promise<void> {
      const { byAccount, byIp } = limiters();
      await byAccount.hit(accountKey(email));
      if (ip !== undefined) await byIp.hit(ipKey(ip));
    },
    /** Forgets the account's attempts (a login that succeeded); the client's stay counted. */
    reset: (email: string) => limiters().byAccount.reset(accountKey(email)),
  };
}
