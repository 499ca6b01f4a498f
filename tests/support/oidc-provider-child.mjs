// A real OpenID provider (the npm `oidc-provider`, v8: the last that runs on Node 20) for the OIDC tests, run with
// `node` by tests/support/oidc-provider.ts. Settings arrive as JSON in OIDC_TEST_PROVIDER; it prints "ready" once it
// listens. Its login screen is oidc-provider's own development interaction (any password); consent is skipped, as a
// first-party provider does. `POST /test/clock?skew=<seconds>` moves its clock, so it can mint expired ID tokens;
// `POST /test/account?login=<login>` with JSON claims changes what it says of someone (leaving a group).
import { createServer } from "node:http";
import Provider from "oidc-provider";

const { port, client, accounts } = JSON.parse(process.env.OIDC_TEST_PROVIDER ?? "{}");
const realNow = Date.now;
let skewMs = 0;
// oidc-provider reads the time through Date.now (its epochTime helper): a skew changes every iat and exp it signs.
Date.now = () => realNow() + skewMs;

const SCOPES = "openid email profile groups";
const provider = new Provider(`http://127.0.0.1:${port}`, {
  clients: [
    {
      client_id: client.id,
      client_secret: client.secret,
      redirect_uris: client.redirectUris,
      grant_types: ["authorization_code"],
      response_types: ["code"],
    },
  ],
  claims: {
    email: ["email", "email_verified"],
    profile: ["preferred_username", "name"],
    groups: ["groups"],
  },
  pkce: { methods: ["S256"], required: () => true },
  cookies: { keys: ["stemma-test-provider-cookie-key"] },
  features: { devInteractions: { enabled: true } },
  async findAccount(_ctx, id) {
    const claims = accounts[id];
    if (!claims) return undefined;
    return { accountId: id, claims: async () => ({ sub: id, ...claims }) };
  },
  // No consent screen: every scope Stemma asks for is granted, as a provider's own applications are.
  async loadExistingGrant(ctx) {
    const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session.grantIdFor(ctx.oidc.client.clientId);
    if (grantId) return ctx.oidc.provider.Grant.find(grantId);
    const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
    grant.addOIDCScope(SCOPES);
    await grant.save();
    return grant;
  },
});

const handle = provider.callback();
createServer((req, res) => {
  const url = new URL(req.url ?? "/", `http://127.0.0.1:${port}`);
  if (req.method === "POST" && url.pathname === "/test/clock") {
    skewMs = Number(url.searchParams.get("skew") ?? 0) * 1000;
    res.end("ok");
    return;
  }
  if (req.method === "POST" && url.pathname === "/test/account") {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      accounts[url.searchParams.get("login") ?? ""] = JSON.parse(body);
      res.end("ok");
    });
    return;
  }
  handle(req, res);
}).listen(port, "127.0.0.1", () => process.stdout.write("ready\n"));
