import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mcpAppCsp } from 'toolchat/mcp';

const directives = (policy: string) => new Map(policy.split('; ').map((directive) => [directive.split(' ')[0]!, directive.split(' ').slice(1)]));

describe('mcpAppCsp: the policy of an MCP App, from what its server declares', () => {
  it('allows nothing from the network when the resource declares nothing', () => {
    const policy = directives(mcpAppCsp(undefined));
    expect(policy.get('default-src')).toEqual(["'none'"]);
    expect(policy.get('connect-src')).toEqual(["'none'"]);
    expect(policy.get('frame-src')).toEqual(["'none'"]);
    expect(policy.get('form-action')).toEqual(["'none'"]);
    expect(policy.get('script-src')).toEqual(["'unsafe-inline'"]);
  });

  it('keeps declared https and wss origins (wildcard subdomains too), and loopback http for development', () => {
    const policy = directives(
      mcpAppCsp({
        connectDomains: ['https://api.example.com/v1?x=1', 'wss://live.example.com', 'http://localhost:5173'],
        resourceDomains: ['https://*.cdn.example.com'],
      }),
    );
    expect(policy.get('connect-src')).toEqual(['https://api.example.com', 'wss://live.example.com', 'http://localhost:5173']);
    expect(policy.get('script-src')).toEqual(["'unsafe-inline'", 'https://*.cdn.example.com']);
  });

  it('drops what would widen the policy: a bare *, a scheme alone, plain http elsewhere, a directive smuggled in', () => {
    const policy = mcpAppCsp({ connectDomains: ['*', 'https:', 'http://attacker.example', "https://a.example; script-src 'unsafe-eval' *", 'javascript:alert(1)', 'https://user:pw@host.example'] });
    expect(directives(policy).get('connect-src')).toEqual(["'none'"]);
    expect(policy).not.toContain('unsafe-eval');
    expect(policy).not.toContain('attacker');
  });

  it('whatever a server declares, every directive is one the host wrote, and every source an origin', () => {
    const names = ["default-src", 'script-src', 'style-src', 'img-src', 'font-src', 'media-src', 'connect-src', 'frame-src', 'base-uri', 'form-action', 'object-src'];
    const anything = fc.array(fc.oneof(fc.string(), fc.webUrl(), fc.constantFrom('*', 'https:', "'unsafe-eval'", 'https://x.example; script-src *', 'https://*.a.example')), { maxLength: 6 });
    fc.assert(
      fc.property(fc.record({ connectDomains: anything, resourceDomains: anything, frameDomains: anything, baseUriDomains: anything }), (declared) => {
        const policy = directives(mcpAppCsp(declared));
        expect([...policy.keys()]).toEqual(names);
        expect(policy.get('default-src')).toEqual(["'none'"]);
        for (const sources of policy.values()) {
          for (const source of sources) {
            expect(source).toMatch(/^(?:'none'|'unsafe-inline'|data:|blob:|(?:https|wss):\/\/[^\s;,'"]+|(?:http|ws):\/\/(?:localhost|127\.0\.0\.1|\[::1\])(?::\d+)?)$/);
          }
        }
      }),
    );
  });
});
