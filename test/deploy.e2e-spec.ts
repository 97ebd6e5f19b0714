import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, parseAllDocuments, stringify } from 'yaml';
import { startTestApp } from './support/app';
import { freePort } from './support/redis';
import { describeWithKubectl } from './support/requirements';

/**
 * The Kubernetes manifests (deploy/, data/kustomization.yaml) and the Dockerfile, offline: every
 * overlay is rendered with kubectl's kustomize and checked by scripts/check-deploy.mjs (schemas,
 * strictly; Pod Security "restricted"; references), then what
 * docs/operations.md#running-on-kubernetes relies on in each object.
 */

const ROOT = join(__dirname, '..');
const OVERLAYS = readdirSync(join(ROOT, 'deploy/overlays'));

type K8sObject = { apiVersion: string; kind: string; metadata: any; spec?: any; data?: any };

function render(dir: string): K8sObject[] {
  const text = execFileSync('kubectl', ['kustomize', dir], { cwd: ROOT, encoding: 'utf8' });
  return parseAllDocuments(text).map((document) => document.toJS());
}

function checkDeploy(...args: string[]): { code: number | null; output: string } {
  const run = spawnSync('node', ['scripts/check-deploy.mjs', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return { code: run.status, output: `${run.stdout}${run.stderr}` };
}

function get(objects: K8sObject[], kind: string, name: string): any {
  const found = objects.find((o) => o.kind === kind && o.metadata.name === name);
  if (!found) throw new Error(`${kind} ${name} is not rendered`);
  return found;
}

/** The generated ConfigMap `name`: its rendered name is `name` plus a hash of its content. */
const generated = (objects: K8sObject[], name: string): any =>
  objects.find(
    (o) => o.kind === 'ConfigMap' && new RegExp(`^${name}-[a-z0-9]{10}$`).test(o.metadata.name),
  );

/** A copy of deploy/ and data/ to edit, so that the working tree is never touched. */
function copyOfTree(): string {
  const dir = mkdtempSync(join(tmpdir(), 'course-finder-deploy-'));
  for (const part of ['deploy', 'data'])
    cpSync(join(ROOT, part), join(dir, part), { recursive: true });
  return dir;
}

describeWithKubectl('the Kubernetes manifests', () => {
  const production = render('deploy/overlays/production');
  const deployment = get(production, 'Deployment', 'course-finder');
  const pod = deployment.spec.template.spec;
  const container = pod.containers[0];

  describe('scripts/check-deploy.mjs', () => {
    it('renders the base and every overlay and finds nothing to report', () => {
      const { code, output } = checkDeploy();
      for (const dir of ['base', ...OVERLAYS.map((overlay) => `overlays/${overlay}`)]) {
        expect(output).toMatch(new RegExp(`^ok deploy/${dir}: \\d+ objects$`, 'm'));
      }
      expect(code).toBe(0);
    }, 60_000);

    it('fails on a planted typo, a broken CRD object and a pod outside "restricted", naming each', () => {
      const dir = mkdtempSync(join(tmpdir(), 'course-finder-planted-'));
      const plant = (file: string, edit: (objects: any[]) => void) => {
        const objects = structuredClone(production);
        edit(objects);
        writeFileSync(join(dir, file), objects.map((o) => stringify(o)).join('---\n'));
        return join(dir, file);
      };
      const typo = plant('typo.yaml', (objects) => {
        const deploy = get(objects, 'Deployment', 'course-finder');
        deploy.spec.template.spec.containers[0].imagePullPolcy = 'Always';
      });
      const crd = plant('crd.yaml', (objects) => {
        get(objects, 'HTTPRoute', 'course-finder').spec.rules[0].backendRef = [];
        get(objects, 'PrometheusRule', 'course-finder').spec.groups[0].rules[0].fore = '5m';
        get(objects, 'Gateway', 'course-finder').spec.listeners[0].tls.mode = 'Relay';
      });
      const privileged = plant('privileged.yaml', (objects) => {
        const spec = get(objects, 'Deployment', 'course-finder').spec.template.spec;
        spec.securityContext.runAsNonRoot = false;
        spec.containers[0].securityContext = {
          privileged: true,
          capabilities: { add: ['SYS_ADMIN'] },
        };
        spec.volumes.push({ name: 'host', hostPath: { path: '/' } });
        get(objects, 'Deployment', 'course-finder').spec.replicas = 3;
      });

      const { code, output } = checkDeploy(typo, crd, privileged);
      expect(code).toBe(1);
      for (const line of [
        `${typo}: Deployment course-finder/course-finder: unknown field spec.template.spec.containers[0].imagePullPolcy`,
        `${crd}: HTTPRoute course-finder/course-finder: unknown field spec.rules[0].backendRef`,
        `${crd}: PrometheusRule course-finder/course-finder: unknown field spec.groups[0].rules[0].fore`,
        `${crd}: Gateway course-finder/course-finder: spec.listeners[0].tls.mode must be equal to one of the allowed values`,
      ]) {
        expect(output).toContain(line);
      }
      for (const problem of [
        'spec.containers[0] (course-finder): securityContext.privileged must not be true',
        'spec.containers[0] (course-finder): securityContext.allowPrivilegeEscalation must be false',
        'spec.containers[0] (course-finder): runAsNonRoot must be true',
        'spec.containers[0] (course-finder): securityContext.capabilities.drop must include ALL',
        'spec.containers[0] (course-finder): capability SYS_ADMIN may not be added',
        'volume host: hostPath volumes are not allowed',
      ]) {
        expect(output).toContain(
          `${privileged}: Deployment course-finder/course-finder: Pod Security "restricted": ${problem}`,
        );
      }
      expect(output).toContain(
        `${privileged}: Deployment course-finder/course-finder: spec.replicas is set, but HorizontalPodAutoscaler course-finder owns the count`,
      );
      // The unplanted objects of each file pass.
      expect(output).not.toMatch(/: (Service|NetworkPolicy|Certificate|ServiceMonitor) /);
    }, 60_000);

    it('refuses a third-party image without a digest, in a container or an init container, and names it', () => {
      const dir = join(copyOfTree(), 'deploy/overlays/production');
      const file = join(dir, 'kustomization.yaml');
      const kustomization = parse(readFileSync(file, 'utf8'));
      // An overlay that moves Valkey to a tag (kustomize drops the digest with it) and adds an
      // init container by tag; the service's own image stays on its release tag, as shipped.
      kustomization.images.push({ name: 'valkey/valkey', newTag: '9.0-alpine' });
      kustomization.patches = [
        {
          target: { kind: 'Deployment', name: 'course-finder' },
          patch: stringify([
            {
              op: 'add',
              path: '/spec/template/spec/initContainers',
              value: [
                {
                  name: 'wait',
                  image: 'busybox:1.37',
                  command: ['true'],
                  securityContext: {
                    allowPrivilegeEscalation: false,
                    readOnlyRootFilesystem: true,
                    capabilities: { drop: ['ALL'] },
                  },
                },
              ],
            },
          ]),
        },
      ];
      writeFileSync(file, stringify(kustomization));

      const { code, output } = checkDeploy(dir);
      expect(code).toBe(1);
      const pin = 'is not pinned by digest (<image>:<tag>@sha256:<64 hex>)';
      expect(output.trim().split('\n')).toEqual([
        `${dir}: Deployment course-finder/course-finder: init container wait: third-party image "busybox:1.37" ${pin}`,
        `${dir}: Deployment course-finder/course-finder-redis: container valkey: third-party image "valkey/valkey:9.0-alpine" ${pin}`,
      ]);
    }, 60_000);

    it("refuses a kind of the Prometheus Operator or cert-manager in dev's rendering, naming it", () => {
      const dir = join(copyOfTree(), 'deploy/overlays/dev');
      const file = join(dir, 'kustomization.yaml');
      const kustomization = parse(readFileSync(file, 'utf8'));
      kustomization.components.push('../../components/monitoring', '../../components/certificates');
      kustomization.configMapGenerator[0].literals.push(
        'monitoring-namespace=monitoring',
        'cluster-issuer=letsencrypt-staging',
      );
      writeFileSync(file, stringify(kustomization));
      const { code, output } = checkDeploy(dir);
      expect(code).toBe(1);
      expect(output.trim().split('\n').sort()).toEqual(
        [
          'Certificate course-finder/course-finder: a kind of cert-manager',
          'PrometheusRule course-finder/course-finder: a kind of the Prometheus Operator',
          'ServiceMonitor course-finder/course-finder: a kind of the Prometheus Operator',
        ].map(
          (line) =>
            `${dir}: ${line}, which a cluster for this overlay does not run (leave its component out)`,
        ),
      );
    }, 60_000);

    it('accepts production with its monitoring and certificates components left out', () => {
      const dir = join(copyOfTree(), 'deploy/overlays/production');
      const file = join(dir, 'kustomization.yaml');
      const kustomization = parse(readFileSync(file, 'utf8'));
      const optional = ['../../components/monitoring', '../../components/certificates'];
      kustomization.components = kustomization.components.filter(
        (path: string) => !optional.includes(path),
      );
      writeFileSync(file, stringify(kustomization));
      const { code, output } = checkDeploy(dir);
      expect(output).toMatch(/^ok .*: \d+ objects$/m);
      expect(code).toBe(0);
    }, 60_000);

    it('accepts the managed-redis component on production, which removes the in-cluster Valkey', () => {
      const dir = join(copyOfTree(), 'deploy/overlays/managed-redis');
      mkdirSync(dir);
      writeFileSync(
        join(dir, 'kustomization.yaml'),
        stringify({
          resources: ['../production'],
          components: ['../../components/managed-redis'],
        }),
      );
      const { code, output } = checkDeploy(dir);
      expect(output).toMatch(/^ok .*: \d+ objects$/m);
      expect(code).toBe(0);
      expect(render(dir).filter((o) => o.metadata.name === 'course-finder-redis')).toEqual([]);
    }, 60_000);
  });

  describe('the production overlay', () => {
    it('edge: a Gateway terminating TLS with a cert-manager Certificate, the route to the http port, HTTP redirected', () => {
      const gateway = get(production, 'Gateway', 'course-finder');
      const https = gateway.spec.listeners.find((l: any) => l.name === 'https');
      expect(https).toMatchObject({
        protocol: 'HTTPS',
        port: 443,
        hostname: 'courses.example.com',
        tls: {
          mode: 'Terminate',
          certificateRefs: [{ kind: 'Secret', name: 'course-finder-tls' }],
        },
      });
      expect(get(production, 'Certificate', 'course-finder').spec).toMatchObject({
        secretName: 'course-finder-tls',
        dnsNames: ['courses.example.com'],
        issuerRef: { kind: 'ClusterIssuer', name: 'letsencrypt' },
      });
      expect(get(production, 'HTTPRoute', 'course-finder').spec).toMatchObject({
        parentRefs: [{ name: 'course-finder', sectionName: 'https' }],
        hostnames: ['courses.example.com'],
        rules: [{ backendRefs: [{ name: 'course-finder', port: 80 }] }],
      });
      expect(get(production, 'HTTPRoute', 'course-finder-https-redirect').spec).toMatchObject({
        parentRefs: [{ name: 'course-finder', sectionName: 'http' }],
        rules: [{ filters: [{ type: 'RequestRedirect', requestRedirect: { scheme: 'https' } }] }],
      });
      expect(production.filter((o) => o.kind === 'Ingress')).toEqual([]);
    });

    it('client IPs: the HTTP port is open to the gateway namespace alone, the metrics port to monitoring alone, and TRUST_PROXY is one hop', () => {
      const policy = get(production, 'NetworkPolicy', 'course-finder');
      expect(policy.spec).toEqual({
        podSelector: { matchLabels: { 'app.kubernetes.io/name': 'course-finder' } },
        policyTypes: ['Ingress'],
        ingress: [
          {
            from: [
              {
                namespaceSelector: {
                  matchLabels: { 'kubernetes.io/metadata.name': 'envoy-gateway-system' },
                },
              },
            ],
            ports: [{ protocol: 'TCP', port: 'http' }],
          },
          {
            from: [
              {
                namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } },
              },
            ],
            ports: [{ protocol: 'TCP', port: 'metrics' }],
          },
        ],
      });
      expect(get(production, 'NetworkPolicy', 'course-finder-redis').spec.ingress).toEqual([
        {
          from: [{ podSelector: { matchLabels: { 'app.kubernetes.io/name': 'course-finder' } } }],
          ports: [{ protocol: 'TCP', port: 'redis' }],
        },
      ]);
      expect(generated(production, 'course-finder').data.TRUST_PROXY).toBe('1');
    });

    it('metrics: a named port 9464 = METRICS_PORT on the Service, scraped by the ServiceMonitor, never routed', () => {
      expect(container.ports).toContainEqual({ name: 'metrics', containerPort: 9464 });
      expect(generated(production, 'course-finder').data.METRICS_PORT).toBe('9464');
      expect(get(production, 'Service', 'course-finder').spec.ports).toContainEqual({
        name: 'metrics',
        port: 9464,
        targetPort: 'metrics',
      });
      expect(get(production, 'ServiceMonitor', 'course-finder').spec.endpoints).toEqual([
        expect.objectContaining({ port: 'metrics', path: '/metrics' }),
      ]);
      for (const route of production.filter((o) => o.kind === 'HTTPRoute')) {
        for (const rule of route.spec.rules) {
          for (const ref of rule.backendRefs ?? []) expect(ref.port).toBe(80);
        }
      }
    });

    it("alerts: the five alerts use only metrics and labels the service exports (src/ops/metrics.service.ts) or kube-state-metrics'", () => {
      const source = readFileSync(join(ROOT, 'src/ops/metrics.service.ts'), 'utf8');
      const exported = new Map<string, string[]>();
      for (const [, type, body] of source.matchAll(/new (Counter|Gauge|Histogram)\(\{([^}]*)\}/g)) {
        const name = /name: '([a-z_:]+)'/.exec(body)![1];
        const labels = [
          ...(/labelNames: \[([^\]]*)\]/.exec(body)?.[1] ?? '').matchAll(/'(\w+)'/g),
        ].map((m) => m[1]);
        exported.set(name, labels);
        if (type === 'Histogram') exported.set(`${name}_bucket`, [...labels, 'le']);
      }
      exported.set('kube_pod_status_ready', ['condition']);
      const targetLabels = new Set(['job', 'namespace', 'pod']);

      const rules = get(production, 'PrometheusRule', 'course-finder').spec.groups[0].rules;
      expect(rules.map((rule: any) => rule.alert)).toEqual([
        'CourseFinderRateLimitFallback',
        'CourseFinderServerErrors',
        'CourseFinderSlowResponses',
        'CourseFinderManyRateLimited',
        'CourseFinderReadinessFlapping',
      ]);
      for (const rule of rules) {
        const selectors = [...rule.expr.matchAll(/([a-z_:][a-z0-9_:]*)\{([^}]*)\}/g)];
        expect(selectors.length).toBeGreaterThan(0);
        for (const [, metric, matchers] of selectors) {
          expect({ alert: rule.alert, metric, exported: exported.has(metric) }).toEqual({
            alert: rule.alert,
            metric,
            exported: true,
          });
          for (const [, label] of matchers.matchAll(/(\w+)\s*(=~|!~|!=|=)/g)) {
            if (!targetLabels.has(label)) expect(exported.get(metric)).toContain(label);
          }
        }
      }
      const expr = (alert: string) => rules.find((rule: any) => rule.alert === alert).expr;
      expect(expr('CourseFinderRateLimitFallback')).toContain(
        'rate_limit_store{job="course-finder", store="memory"}) == 1',
      );
      expect(expr('CourseFinderServerErrors')).toContain('status=~"5.."');
      expect(expr('CourseFinderSlowResponses')).toContain('histogram_quantile(0.99,');
      expect(expr('CourseFinderManyRateLimited')).toContain('rate_limit_rejections_total');
      expect(expr('CourseFinderReadinessFlapping')).toContain('changes(kube_pod_status_ready{');
    });

    it('scale and disruption: an autoscaler from 3 replicas at 70 % CPU, one pod evictable at a time, spread over zones and nodes, tolerant probes', () => {
      expect(deployment.spec.replicas).toBeUndefined();
      expect(get(production, 'HorizontalPodAutoscaler', 'course-finder').spec).toMatchObject({
        scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'course-finder' },
        minReplicas: 3,
        metrics: [
          {
            type: 'Resource',
            resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } },
          },
        ],
      });
      expect(get(production, 'PodDisruptionBudget', 'course-finder').spec).toEqual({
        maxUnavailable: 1,
        unhealthyPodEvictionPolicy: 'AlwaysAllow',
        selector: { matchLabels: { 'app.kubernetes.io/name': 'course-finder' } },
      });
      expect(pod.topologySpreadConstraints.map((c: any) => c.topologyKey)).toEqual([
        'topology.kubernetes.io/zone',
        'kubernetes.io/hostname',
      ]);
      expect(container.readinessProbe).toMatchObject({ httpGet: { path: '/readyz' } });
      expect(container.readinessProbe.failureThreshold).toBeGreaterThanOrEqual(3);
      expect(container.startupProbe).toMatchObject({ httpGet: { path: '/healthz' } });
      expect(
        container.startupProbe.periodSeconds * container.startupProbe.failureThreshold,
      ).toBeGreaterThanOrEqual(30);
      expect(container.resources).toEqual({
        requests: { cpu: '250m', memory: '256Mi' },
        limits: { memory: '320Mi' },
      });
      expect(deployment.spec.strategy.rollingUpdate).toEqual({ maxUnavailable: 0, maxSurge: 1 });
    });

    it('packaging: a restricted namespace, REDIS_URL from a Secret that is not in git, Valkey in the cluster', () => {
      expect(get(production, 'Namespace', 'course-finder').metadata.labels).toMatchObject({
        'pod-security.kubernetes.io/enforce': 'restricted',
        'pod-security.kubernetes.io/audit': 'restricted',
        'pod-security.kubernetes.io/warn': 'restricted',
      });
      expect(container.env).toContainEqual({
        name: 'REDIS_URL',
        valueFrom: { secretKeyRef: { name: 'course-finder-redis', key: 'redis-url' } },
      });
      expect(generated(production, 'course-finder').data.REDIS_URL).toBeUndefined();
      expect(production.filter((o) => o.kind === 'Secret')).toEqual([]);
      const valkey = get(production, 'Deployment', 'course-finder-redis').spec.template.spec
        .containers[0];
      expect(valkey.image).toMatch(/^valkey\/valkey:9\.0\.\d+-alpine@sha256:[0-9a-f]{64}$/);
      expect(valkey.args).toEqual(expect.arrayContaining(['--requirepass', '$(VALKEY_PASSWORD)']));
      expect(container.image).toBe('ghcr.io/example/course-finder:1.0.0');
    });

    it('data: the five files of data/ and the history in an immutable ConfigMap, mounted read-only at DATA_DIR', () => {
      const data = generated(production, 'course-finder-data');
      expect(Object.keys(data.data).sort()).toEqual([
        'assistants.json',
        'courses.json',
        'glossary.json',
        'history.jsonl',
        'methodology.json',
        'policies.json',
      ]);
      expect(data.data['courses.json']).toBe(readFileSync(join(ROOT, 'data/courses.json'), 'utf8'));
      expect(data.data['history.jsonl']).toBe(
        readFileSync(join(ROOT, 'data/history.jsonl'), 'utf8'),
      );
      expect(data.immutable).toBe(true);
      expect(container.env).toContainEqual({ name: 'DATA_DIR', value: '/srv/course-finder/data' });
      expect(container.volumeMounts).toContainEqual({
        name: 'data',
        mountPath: '/srv/course-finder/data',
        readOnly: true,
      });
      expect(pod.volumes).toContainEqual({ name: 'data', configMap: { name: data.metadata.name } });
    });
  });

  it('a changed data file renames the ConfigMap, so applying it rolls the pods', () => {
    const dir = copyOfTree();
    const file = join(dir, 'data/courses.json');
    writeFileSync(file, `${readFileSync(file, 'utf8')}\n`);
    const changed = render(join(dir, 'deploy/overlays/production'));
    const before = generated(production, 'course-finder-data').metadata.name;
    const after = generated(changed, 'course-finder-data').metadata.name;
    expect(after).not.toBe(before);
    expect(get(changed, 'Deployment', 'course-finder').spec.template.spec.volumes).toContainEqual({
      name: 'data',
      configMap: { name: after },
    });
    // Nothing else moves.
    expect(generated(changed, 'course-finder').metadata.name).toBe(
      generated(production, 'course-finder').metadata.name,
    );
  });

  it('the hostname is written once: changing it in the overlay changes every place it appears', () => {
    const dir = copyOfTree();
    const file = join(dir, 'deploy/overlays/production/kustomization.yaml');
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace('host=courses.example.com', 'host=courses.example.org'),
    );
    const changed = render(join(dir, 'deploy/overlays/production'));
    expect(JSON.stringify(changed)).not.toContain('courses.example.com');
    expect(
      get(changed, 'Gateway', 'course-finder').spec.listeners.map((l: any) => l.hostname),
    ).toEqual(['courses.example.org', 'courses.example.org']);
    for (const route of changed.filter((o) => o.kind === 'HTTPRoute')) {
      expect(route.spec.hostnames).toEqual(['courses.example.org']);
    }
    expect(get(changed, 'Certificate', 'course-finder').spec.dnsNames).toEqual([
      'courses.example.org',
    ]);
    expect(generated(changed, 'course-finder').data.PUBLIC_URL).toBe('https://courses.example.org');
    // The settings themselves are never applied.
    expect(changed.filter((o) => o.metadata.name === 'settings')).toEqual([]);
  });

  it('the production-ingress overlay swaps the Gateway for an Ingress and lets the controller namespace in', () => {
    const objects = render('deploy/overlays/production-ingress');
    expect(objects.filter((o) => o.apiVersion.startsWith('gateway.networking.k8s.io/'))).toEqual(
      [],
    );
    expect(get(objects, 'Ingress', 'course-finder').spec).toMatchObject({
      ingressClassName: 'traefik',
      tls: [{ hosts: ['courses.example.com'], secretName: 'course-finder-tls' }],
      rules: [{ host: 'courses.example.com' }],
    });
    expect(get(objects, 'NetworkPolicy', 'course-finder').spec.ingress[0].from).toEqual([
      { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'traefik' } } },
    ]);
  });

  it("every overlay pins each third-party image by digest; only the service's own image goes by tag", () => {
    for (const overlay of OVERLAYS) {
      const images = render(`deploy/overlays/${overlay}`)
        .flatMap((o) => {
          const spec = o.spec?.template?.spec;
          return [...(spec?.initContainers ?? []), ...(spec?.containers ?? [])];
        })
        .map((c: any) => c.image as string);
      const thirdParty = images.filter((i) => !i.startsWith('ghcr.io/example/course-finder:'));
      expect({ overlay, own: images.length - thirdParty.length }).toEqual({ overlay, own: 1 });
      expect(thirdParty.length).toBeGreaterThan(0);
      for (const image of thirdParty) expect(image).toMatch(/:[\w.-]+@sha256:[0-9a-f]{64}$/);
    }
  });

  it('the base and the dev overlay render no kind of the Prometheus Operator or cert-manager; production renders them', () => {
    const operators = /^(monitoring\.coreos\.com|cert-manager\.io)\//;
    const operatorKinds = (objects: K8sObject[]) =>
      objects.filter((o) => operators.test(o.apiVersion)).map((o) => o.kind);
    expect(operatorKinds(render('deploy/base'))).toEqual([]);
    const dev = render('deploy/overlays/dev');
    expect(operatorKinds(dev)).toEqual([]);
    // Nothing points at what is left out: the policy lets in the gateway alone, no setting names
    // an issuer or Prometheus's namespace.
    expect(get(dev, 'NetworkPolicy', 'course-finder').spec.ingress).toHaveLength(1);
    for (const overlay of ['production', 'production-ingress']) {
      expect(operatorKinds(render(`deploy/overlays/${overlay}`)).sort()).toEqual([
        'Certificate',
        'PrometheusRule',
        'ServiceMonitor',
      ]);
    }
    const settings = readFileSync(join(ROOT, 'deploy/overlays/dev/kustomization.yaml'), 'utf8');
    expect(settings).not.toMatch(/monitoring-namespace|cluster-issuer/);
  });

  it('the dev overlay runs one to three replicas with a generated Secret and the data of the image', () => {
    const objects = render('deploy/overlays/dev');
    expect(get(objects, 'HorizontalPodAutoscaler', 'course-finder').spec).toMatchObject({
      minReplicas: 1,
      maxReplicas: 3,
    });
    const secret = objects.find((o) => o.kind === 'Secret')!;
    expect(Object.keys(secret.data).sort()).toEqual(['redis-url', 'valkey-password']);
    expect(generated(objects, 'course-finder-data')).toBeUndefined();
    expect(get(objects, 'Deployment', 'course-finder').spec.template.spec.containers[0].image).toBe(
      'ghcr.io/example/course-finder:main',
    );
  });
});

describe('the Dockerfile', () => {
  const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
  const stages = dockerfile.split(/^FROM /m).slice(1);

  it('pins every base image by digest', () => {
    const froms = [...dockerfile.matchAll(/^FROM (\S+)/gm)].map((m) => m[1]);
    expect(froms.length).toBe(3);
    for (const image of froms) expect(image).toMatch(/^node:24-bookworm-slim@sha256:[0-9a-f]{64}$/);
  });

  it('runs as the non-root node user, under tini as PID 1', () => {
    const runtime = stages.at(-1)!;
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).toMatch(
      /^RUN apt-get update \\\n.*apt-get install -y --no-install-recommends tini \\$/m,
    );
    expect(runtime).toMatch(/^ENTRYPOINT \["\/usr\/bin\/tini", "--"\]$/m);
    expect(runtime).toMatch(/^CMD \["node", .*"dist\/main"\]$/m);
  });

  it('runs Node as `npm start` does: the same flags and environment', () => {
    const runtime = stages.at(-1)!;
    const start = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts
      .start as string;
    const words = start.split(' ').filter((word) => word !== 'exec');
    const node = words.indexOf('node');
    expect(JSON.parse(/^CMD (\[.*\])$/m.exec(runtime)![1])).toEqual(words.slice(node));
    const env = /^ENV (.*)$/m.exec(runtime)![1].split(' ');
    for (const pair of words.slice(0, node)) expect(env).toContain(pair);
  });

  it('health-checks the port PORT names', async () => {
    // The HEALTHCHECK's command as Docker runs its shell form: `sh -c`, in the image's WORKDIR.
    const command = /^HEALTHCHECK .*? CMD (.*)$/m.exec(stages.at(-1)!)![1];
    const check = (port: string) =>
      new Promise<number | null>((resolve) => {
        const child = execFile('sh', ['-c', command], { env: { ...process.env, PORT: port } });
        child.on('exit', resolve);
      });
    const t = await startTestApp();
    try {
      expect(await check(new URL(t.url).port)).toBe(0);
      expect(await check(String(await freePort()))).toBe(1);
    } finally {
      await t.close();
    }
  });
});
