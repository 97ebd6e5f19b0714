// Renders the Kubernetes manifests of deploy/ and checks every object offline, with no cluster:
//  - against its schema: Kubernetes' own (kubernetes-models) or the CRD's (Gateway API,
//    cert-manager, Prometheus Operator), strictly: a field the schema does not define fails;
//  - the "restricted" Pod Security Standard on every pod template;
//  - this project's rules: restricted namespaces, read-only root filesystems, third-party images
//    pinned by digest, replicas owned by the autoscaler, references (Services, routes,
//    monitors, probes, policies, certificates) that resolve, and no kind of an operator in an
//    overlay for a cluster without it (WITHOUT_OPERATORS).
//
//   node scripts/check-deploy.mjs                 deploy/base and every deploy/overlays/*
//   node scripts/check-deploy.mjs DIR...          kustomization directories (kubectl kustomize)
//   node scripts/check-deploy.mjs FILE.yaml...    manifests already rendered ('-' reads stdin)
//
// One line per problem, "<source>: <Kind> <namespace>/<name>: <problem>"; exits 1 if any.
// test/deploy.e2e-spec.ts runs it (kubernetes-models is ESM-only, which jest does not load).
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { parseAllDocuments } from 'yaml';

const ROOT = join(import.meta.dirname, '..');

/**
 * API versions a Kubernetes 1.33 cluster serves, and those of the CRDs used here, with where their
 * models live. Anything else (a removed beta API, an unknown CRD) fails: there is nothing to check
 * it against. The schemas themselves follow the current Kubernetes release, so a field added after
 * 1.33 would pass here and fail on a 1.33 API server.
 */
const MODELS = {
  v1: 'kubernetes-models/v1',
  'apps/v1': 'kubernetes-models/apps/v1',
  'batch/v1': 'kubernetes-models/batch/v1',
  'autoscaling/v2': 'kubernetes-models/autoscaling/v2',
  'policy/v1': 'kubernetes-models/policy/v1',
  'networking.k8s.io/v1': 'kubernetes-models/networking.k8s.io/v1',
  'rbac.authorization.k8s.io/v1': 'kubernetes-models/rbac.authorization.k8s.io/v1',
  'gateway.networking.k8s.io/v1': '@kubernetes-models/gateway-api/gateway.networking.k8s.io/v1',
  'cert-manager.io/v1': '@kubernetes-models/cert-manager/cert-manager.io/v1',
  'monitoring.coreos.com/v1': '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1',
};
const CLUSTER_SCOPED = new Set(['Namespace', 'ClusterRole', 'ClusterRoleBinding', 'ClusterIssuer']);

/**
 * The API groups of the operators the optional components need: deploy/components/monitoring the
 * Prometheus Operator's, deploy/components/certificates cert-manager's.
 */
const OPERATOR_GROUPS = {
  'monitoring.coreos.com': 'the Prometheus Operator',
  'cert-manager.io': 'cert-manager',
};
/**
 * The kustomizations (under deploy/, wherever the tree is) for a cluster with none of those
 * operators: `kubectl apply -k` fails on a kind its cluster does not serve, so their renderings
 * hold none (docs/operations.md#monitoring-and-certificates-added-or-left-out).
 */
const WITHOUT_OPERATORS = ['base', 'overlays/dev'];

async function modelOf(apiVersion, kind) {
  if (!MODELS[apiVersion] || !/^[A-Z][A-Za-z]+$/.test(kind ?? '')) return undefined;
  try {
    return (await import(`${MODELS[apiVersion]}/${kind}`))[kind];
  } catch {
    return undefined;
  }
}

const pathOf = (parent, key) =>
  typeof key === 'number' ? `${parent}[${key}]` : parent ? `${parent}.${key}` : key;

/**
 * Schema problems of one object. The models' validators (compiled JSON Schema) ignore fields they
 * do not define, as Kubernetes' schemas allow them; to be strict, the object is validated through
 * proxies that record which property names the validator looks up. A key the validator never
 * looked up, in an object where it looked up others, is a field the schema does not define.
 * Objects it looks into without naming properties (free-form ones) are left alone.
 */
function schemaProblems(Model, object) {
  const lookedUp = new WeakMap();
  const proxies = new WeakMap();
  const track = (value) => {
    if (value === null || typeof value !== 'object') return value;
    if (!proxies.has(value)) {
      const names = new Set();
      const note = (key) => typeof key === 'string' && names.add(key);
      lookedUp.set(value, names);
      proxies.set(
        value,
        new Proxy(value, {
          get: (target, key) => (note(key), track(target[key])),
          has: (target, key) => (note(key), key in target),
          getOwnPropertyDescriptor: (target, key) => (
            note(key),
            Reflect.getOwnPropertyDescriptor(target, key)
          ),
        }),
      );
    }
    return proxies.get(value);
  };

  const problems = [];
  try {
    Model.prototype.validate.call(track(object));
  } catch (error) {
    for (const { instancePath, message } of error.errors ?? [
      { instancePath: '', message: error.message },
    ]) {
      const at = instancePath
        .split('/')
        .slice(1)
        .reduce((path, part) => pathOf(path, /^\d+$/.test(part) ? Number(part) : part), '');
      problems.push(`${at || '(the object)'} ${message}`);
    }
  }
  const unknown = (value, path) => {
    if (Array.isArray(value)) return value.forEach((item, i) => unknown(item, pathOf(path, i)));
    if (value === null || typeof value !== 'object') return;
    const names = lookedUp.get(value);
    for (const [key, child] of Object.entries(value)) {
      if (names?.size && !names.has(key)) problems.push(`unknown field ${pathOf(path, key)}`);
      else unknown(child, pathOf(path, key));
    }
  };
  unknown(object, '');
  return problems;
}

// The "restricted" Pod Security Standard (https://kubernetes.io/docs/concepts/security/pod-security-standards/),
// which includes "baseline".
const RESTRICTED_VOLUMES = new Set([
  'configMap',
  'csi',
  'downwardAPI',
  'emptyDir',
  'ephemeral',
  'persistentVolumeClaim',
  'projected',
  'secret',
]);
const SAFE_SYSCTLS = new Set([
  'kernel.shm_rmid_forced',
  'net.ipv4.ip_local_port_range',
  'net.ipv4.ip_unprivileged_port_start',
  'net.ipv4.tcp_syncookies',
  'net.ipv4.ping_group_range',
  'net.ipv4.ip_local_reserved_ports',
  'net.ipv4.tcp_keepalive_time',
  'net.ipv4.tcp_fin_timeout',
  'net.ipv4.tcp_keepalive_intvl',
  'net.ipv4.tcp_keepalive_probes',
]);
const SELINUX_TYPES = new Set([
  '',
  'container_t',
  'container_init_t',
  'container_kvm_t',
  'container_engine_t',
]);

/** What in one pod (`{ metadata, spec }`) breaks the restricted profile, one line each. */
export function restrictedViolations(pod) {
  const problems = [];
  const spec = pod.spec ?? {};
  const podContext = spec.securityContext ?? {};
  const contextProblems = (context, where) => {
    if (context.windowsOptions?.hostProcess)
      problems.push(`${where}.windowsOptions.hostProcess must not be true`);
    if (context.appArmorProfile?.type === 'Unconfined')
      problems.push(`${where}.appArmorProfile must not be Unconfined`);
    const selinux = context.seLinuxOptions ?? {};
    if (!SELINUX_TYPES.has(selinux.type ?? '') || selinux.user || selinux.role)
      problems.push(
        `${where}.seLinuxOptions: only the type container_t (or _init_t, _kvm_t, _engine_t) may be set`,
      );
    if (context.seccompProfile?.type === 'Unconfined')
      problems.push(`${where}.seccompProfile must not be Unconfined`);
    if (context.runAsUser === 0) problems.push(`${where}.runAsUser must not be 0`);
  };

  for (const field of ['hostNetwork', 'hostPID', 'hostIPC']) {
    if (spec[field]) problems.push(`spec.${field} must not be true`);
  }
  contextProblems(podContext, 'spec.securityContext');
  for (const { name } of podContext.sysctls ?? []) {
    if (!SAFE_SYSCTLS.has(name))
      problems.push(`spec.securityContext.sysctls: ${name} is not a safe sysctl`);
  }
  for (const volume of spec.volumes ?? []) {
    const type = Object.keys(volume).find((key) => key !== 'name');
    if (!RESTRICTED_VOLUMES.has(type))
      problems.push(`volume ${volume.name}: ${type} volumes are not allowed`);
  }
  for (const [key, value] of Object.entries(pod.metadata?.annotations ?? {})) {
    if (
      key.startsWith('container.apparmor.security.beta.kubernetes.io/') &&
      !/^(runtime\/default|localhost\/.+)$/.test(value)
    )
      problems.push(`annotation ${key} must be runtime/default or localhost/<profile>`);
  }

  for (const field of ['initContainers', 'containers', 'ephemeralContainers']) {
    for (const [i, container] of (spec[field] ?? []).entries()) {
      const where = `spec.${field}[${i}] (${container.name})`;
      const context = container.securityContext ?? {};
      contextProblems(context, `${where} securityContext`);
      if (context.privileged)
        problems.push(`${where}: securityContext.privileged must not be true`);
      if (context.allowPrivilegeEscalation !== false)
        problems.push(`${where}: securityContext.allowPrivilegeEscalation must be false`);
      if ((context.runAsNonRoot ?? podContext.runAsNonRoot) !== true)
        problems.push(
          `${where}: runAsNonRoot must be true (in the pod's or the container's securityContext)`,
        );
      const seccomp = context.seccompProfile?.type ?? podContext.seccompProfile?.type;
      if (seccomp !== 'RuntimeDefault' && seccomp !== 'Localhost')
        problems.push(
          `${where}: seccompProfile must be RuntimeDefault or Localhost (pod or container)`,
        );
      if (!(context.capabilities?.drop ?? []).includes('ALL'))
        problems.push(`${where}: securityContext.capabilities.drop must include ALL`);
      for (const capability of context.capabilities?.add ?? []) {
        if (capability !== 'NET_BIND_SERVICE')
          problems.push(`${where}: capability ${capability} may not be added`);
      }
      if (context.procMount && context.procMount !== 'Default')
        problems.push(`${where}: procMount must be Default`);
      for (const port of container.ports ?? []) {
        if (port.hostPort) problems.push(`${where}: hostPort ${port.hostPort} is not allowed`);
      }
    }
  }
  return problems;
}

/** The pod template of a workload, or the pod itself. */
function podOf(object) {
  if (object.kind === 'Pod') return object;
  if (object.kind === 'CronJob') return object.spec?.jobTemplate?.spec?.template;
  if (['Deployment', 'StatefulSet', 'DaemonSet', 'ReplicaSet', 'Job'].includes(object.kind))
    return object.spec?.template;
  return undefined;
}

/**
 * The service's own image, built from this repository and set per overlay by `images:` (a release
 * tag, or the digest of the push). Every other image is a third party's and must carry its digest:
 * a tag is moved to other bytes by whoever publishes it, a digest is the bytes. The rule holds for
 * every rendering, dev included: the third-party images come from deploy/base, so dev runs what
 * production runs, and dev's own image (a branch tag) is exempt as production's is.
 */
const OWN_IMAGE = 'ghcr.io/example/course-finder';
const PINNED = /@sha256:[0-9a-f]{64}$/;
/** An image reference without its digest and tag (a registry's `:port` stays). */
const repositoryOf = (image) => image.replace(/@.*$/, '').replace(/:[^:/]*$/, '');

const selects = (selector = {}, labels = {}) =>
  Object.keys(selector).length > 0 &&
  Object.entries(selector).every(([key, value]) => labels[key] === value);

/** This project's rules across the objects of one rendering: `[object, problem]` pairs. */
function projectProblems(objects) {
  const problems = [];
  const of = (kind) => objects.filter((object) => object.kind === kind);
  const namespaces = new Set(of('Namespace').map((ns) => ns.metadata.name));
  const workloads = objects.filter(podOf).map((object) => ({ object, pod: podOf(object) }));
  const podsIn = (namespace, selector) =>
    workloads.filter(
      (w) => w.object.metadata.namespace === namespace && selects(selector, w.pod.metadata?.labels),
    );
  const portNames = (pods) =>
    new Set(
      pods.flatMap((w) =>
        (w.pod.spec?.containers ?? []).flatMap((c) => (c.ports ?? []).map((p) => p.name)),
      ),
    );

  for (const ns of of('Namespace')) {
    for (const mode of ['enforce', 'audit', 'warn']) {
      if (ns.metadata.labels?.[`pod-security.kubernetes.io/${mode}`] !== 'restricted')
        problems.push([ns, `label pod-security.kubernetes.io/${mode} must be "restricted"`]);
    }
  }
  for (const object of objects) {
    if (CLUSTER_SCOPED.has(object.kind)) continue;
    if (!namespaces.has(object.metadata?.namespace))
      problems.push([
        object,
        `namespace "${object.metadata?.namespace ?? ''}" is not one of the rendered Namespaces`,
      ]);
  }
  for (const { object, pod } of workloads) {
    for (const [field, what] of [
      ['initContainers', 'init container'],
      ['containers', 'container'],
    ]) {
      for (const { name, image = '' } of pod.spec?.[field] ?? []) {
        if (repositoryOf(image) !== OWN_IMAGE && !PINNED.test(image))
          problems.push([
            object,
            `${what} ${name}: third-party image "${image}" is not pinned by digest (<image>:<tag>@sha256:<64 hex>)`,
          ]);
      }
    }
    for (const container of pod.spec?.containers ?? []) {
      if (container.securityContext?.readOnlyRootFilesystem !== true)
        problems.push([
          object,
          `container ${container.name}: readOnlyRootFilesystem must be true (mount an emptyDir where it writes)`,
        ]);
      const ports = new Set((container.ports ?? []).map((port) => port.name));
      for (const probe of ['startupProbe', 'readinessProbe', 'livenessProbe']) {
        const port = container[probe]?.httpGet?.port ?? container[probe]?.tcpSocket?.port;
        if (typeof port === 'string' && !ports.has(port))
          problems.push([
            object,
            `container ${container.name}: ${probe} names port "${port}", which it does not declare`,
          ]);
      }
    }
  }
  for (const hpa of of('HorizontalPodAutoscaler')) {
    const { kind, name } = hpa.spec.scaleTargetRef;
    const target = objects.find(
      (o) =>
        o.kind === kind &&
        o.metadata.name === name &&
        o.metadata.namespace === hpa.metadata.namespace,
    );
    if (!target) problems.push([hpa, `scaleTargetRef ${kind} ${name} is not rendered`]);
    else if (target.spec.replicas !== undefined)
      problems.push([
        target,
        `spec.replicas is set, but HorizontalPodAutoscaler ${hpa.metadata.name} owns the count`,
      ]);
  }
  for (const service of of('Service')) {
    const pods = podsIn(service.metadata.namespace, service.spec.selector);
    if (pods.length === 0)
      problems.push([service, 'its selector matches no rendered pod template']);
    const names = portNames(pods);
    for (const port of service.spec.ports ?? []) {
      if (typeof port.targetPort === 'string' && pods.length && !names.has(port.targetPort))
        problems.push([
          service,
          `port ${port.name}: targetPort "${port.targetPort}" is no container port of its pods`,
        ]);
    }
  }
  for (const policy of of('NetworkPolicy')) {
    const pods = podsIn(policy.metadata.namespace, policy.spec.podSelector?.matchLabels);
    if (pods.length === 0)
      problems.push([policy, 'its podSelector matches no rendered pod template']);
    const names = portNames(pods);
    for (const rule of policy.spec.ingress ?? []) {
      for (const { port } of rule.ports ?? []) {
        if (typeof port === 'string' && !names.has(port))
          problems.push([policy, `port "${port}" is no container port of its pods`]);
      }
    }
  }
  const servicePort = (namespace, name, test) =>
    of('Service').some(
      (s) =>
        s.metadata.namespace === namespace &&
        s.metadata.name === name &&
        (s.spec.ports ?? []).some(test),
    );
  for (const route of of('HTTPRoute')) {
    for (const rule of route.spec.rules ?? []) {
      for (const ref of rule.backendRefs ?? []) {
        if (!servicePort(route.metadata.namespace, ref.name, (p) => p.port === ref.port))
          problems.push([route, `backendRef ${ref.name}:${ref.port} is no rendered Service port`]);
      }
    }
    for (const parent of route.spec.parentRefs ?? []) {
      const gateway = of('Gateway').find(
        (g) =>
          g.metadata.name === parent.name &&
          g.metadata.namespace === (parent.namespace ?? route.metadata.namespace),
      );
      if (
        gateway &&
        parent.sectionName &&
        !gateway.spec.listeners.some((l) => l.name === parent.sectionName)
      )
        problems.push([route, `parentRef ${parent.name} has no listener "${parent.sectionName}"`]);
    }
  }
  const certificateSecrets = new Set(
    of('Certificate').map((c) => `${c.metadata.namespace}/${c.spec.secretName}`),
  );
  // Without the certificates component (no Certificate at all), the TLS Secret is made out of
  // band, as production's Redis Secret is: nothing rendered can name it.
  for (const gateway of certificateSecrets.size > 0 ? of('Gateway') : []) {
    for (const listener of gateway.spec.listeners) {
      for (const ref of listener.tls?.certificateRefs ?? []) {
        if (!certificateSecrets.has(`${ref.namespace ?? gateway.metadata.namespace}/${ref.name}`))
          problems.push([
            gateway,
            `listener ${listener.name}: no Certificate writes the Secret ${ref.name}`,
          ]);
      }
    }
  }
  for (const monitor of of('ServiceMonitor')) {
    const services = of('Service').filter(
      (s) =>
        s.metadata.namespace === monitor.metadata.namespace &&
        selects(monitor.spec.selector?.matchLabels, s.metadata.labels),
    );
    for (const endpoint of monitor.spec.endpoints ?? []) {
      if (!services.some((s) => (s.spec.ports ?? []).some((p) => p.name === endpoint.port)))
        problems.push([
          monitor,
          `endpoint port "${endpoint.port}" is no port of a Service it selects`,
        ]);
    }
  }
  return problems;
}

/** The operator whose kind an object is, when `source` is for a cluster without operators. */
function operatorOf(source, object) {
  const path = resolve(source).split(sep).join('/');
  if (!WITHOUT_OPERATORS.some((dir) => path.endsWith(`/deploy/${dir}`))) return undefined;
  return OPERATOR_GROUPS[object.apiVersion?.split('/')[0]];
}

/** Every problem of one rendering, as printable lines. */
async function check(objects, source) {
  const lines = [];
  const name = (o) =>
    `${o.kind} ${o.metadata?.namespace ? `${o.metadata.namespace}/` : ''}${o.metadata?.name}`;
  for (const object of objects) {
    const operator = operatorOf(source, object);
    if (operator)
      lines.push(
        `${name(object)}: a kind of ${operator}, which a cluster for this overlay does not run (leave its component out)`,
      );
  }
  for (const object of objects) {
    // kustomize wraps a long Secret value's base64 at 70 columns; the API server's decoder skips the
    // line breaks, the schema's "byte" format does not.
    if (object.kind === 'Secret' && object.data) {
      for (const key of Object.keys(object.data))
        object.data[key] = object.data[key].replace(/\n/g, '');
    }
    const Model = await modelOf(object.apiVersion, object.kind);
    if (!Model) {
      lines.push(
        `${name(object)}: no schema for ${object.apiVersion} ${object.kind} (not served by Kubernetes 1.33, or a CRD scripts/check-deploy.mjs does not know)`,
      );
      continue;
    }
    for (const problem of schemaProblems(Model, object)) lines.push(`${name(object)}: ${problem}`);
    const pod = podOf(object);
    if (pod)
      for (const problem of restrictedViolations(pod))
        lines.push(`${name(object)}: Pod Security "restricted": ${problem}`);
  }
  // A malformed object (already reported above) may stop the rules that read it.
  try {
    for (const [object, problem] of projectProblems(objects))
      lines.push(`${name(object)}: ${problem}`);
  } catch (error) {
    lines.push(`the references between objects could not be checked: ${error.message}`);
  }
  return lines;
}

function render(source) {
  if (source === '-') return { text: readFileSync(0, 'utf8') };
  if (/\.ya?ml$/.test(source)) return { text: readFileSync(source, 'utf8') };
  const run = spawnSync('kubectl', ['kustomize', source], { encoding: 'utf8' });
  if (run.error || run.status !== 0)
    return {
      error: `kubectl kustomize failed: ${(run.stderr || run.error?.message || '').trim()}`,
    };
  return { text: run.stdout };
}

const sources =
  process.argv.length > 2
    ? process.argv.slice(2)
    : [
        'base',
        ...readdirSync(join(ROOT, 'deploy/overlays')).map((overlay) => `overlays/${overlay}`),
      ].map((dir) => relative(process.cwd(), join(ROOT, 'deploy', dir)));
let failed = false;
for (const source of sources) {
  const { text, error } = render(source);
  const documents = error ? [] : parseAllDocuments(text);
  const lines = error
    ? [error]
    : documents.flatMap((d) => d.errors.map((e) => `YAML: ${e.message}`));
  const objects = documents.map((d) => d.toJS()).filter(Boolean);
  if (lines.length === 0) lines.push(...(await check(objects, source)));
  failed ||= lines.length > 0;
  for (const line of lines) console.log(`${source}: ${line}`);
  if (lines.length === 0) console.log(`ok ${source}: ${objects.length} objects`);
}
process.exit(failed ? 1 : 0);
