import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';

/**
 * Validates a Learn response against the vendor's Swagger 2.0 description (release 3900.121.0):
 * the operation is found by method and path, the response schema by status. Where the file has no
 * schema for that operation and status, `validateAgainstSwagger` says so and the caller relies on
 * the shared zod schema alone.
 */
const SWAGGER_PATH = fileURLToPath(new URL('../../../shared/reference/learn-swagger-3900.121.0.json', import.meta.url));

interface SwaggerDoc {
  paths: Record<string, Record<string, { responses?: Record<string, { schema?: unknown }> }>>;
  definitions: Record<string, unknown>;
}

let doc: SwaggerDoc | undefined;
let ajv: Ajv | undefined;
const compiled = new Map<string, ValidateFunction | null>();

// Definition names hold `<`, `>` and `,`, which are not legal in a JSON-pointer URI: rename them.
const safeName = (name: string): string => name.replace(/[^A-Za-z0-9_.-]/g, '_');

function load(): { doc: SwaggerDoc; ajv: Ajv } {
  if (doc && ajv) return { doc, ajv };
  const raw = readFileSync(SWAGGER_PATH, 'utf8').replace(/"#\/definitions\/([^"]+)"/g, (_m, name: string) => `"#/definitions/${safeName(name)}"`);
  doc = JSON.parse(raw) as SwaggerDoc;
  const definitions = Object.fromEntries(Object.entries(doc.definitions).map(([k, v]) => [safeName(k), v]));
  doc.definitions = definitions;
  ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true, logger: false });
  // ajv-formats ships CommonJS; its default export arrives wrapped under ESM interop.
  const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (a: Ajv) => void;
  addFormats(ajv);
  ajv.addSchema({ $id: 'swagger', definitions }, 'swagger');
  return { doc, ajv };
}

/** The Swagger path template (`/learn/api/public/v1/courses/{courseId}/meetings`) for a concrete path. */
export function findSwaggerPath(method: string, concretePath: string): string | undefined {
  const { doc } = load();
  const path = concretePath.split('?')[0] as string;
  const candidates = Object.keys(doc.paths).filter((template) => {
    if (!doc.paths[template]?.[method.toLowerCase()]) return false;
    const re = new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}$`);
    return re.test(path);
  });
  // The most literal template wins (".../users/bulk" over ".../users/{userId}").
  return candidates.sort((a, b) => (b.match(/\{/g)?.length ?? 0) < (a.match(/\{/g)?.length ?? 0) ? 1 : -1)[0];
}

export type SwaggerCheck = { checked: false; reason: string } | { checked: true; errors: string[] };

export function validateAgainstSwagger(method: string, concretePath: string, status: number, body: unknown): SwaggerCheck {
  const { doc, ajv } = load();
  const template = findSwaggerPath(method, concretePath);
  if (!template) return { checked: false, reason: `no Swagger operation for ${method} ${concretePath}` };
  const key = `${method} ${template} ${status}`;
  let validate = compiled.get(key);
  if (validate === undefined) {
    const schema = doc.paths[template]?.[method.toLowerCase()]?.responses?.[String(status)]?.schema;
    validate = schema ? ajv.compile(rewriteRefs(schema)) : null;
    compiled.set(key, validate);
  }
  if (!validate) return { checked: false, reason: `Swagger gives no schema for ${key}` };
  const valid = validate(body);
  return { checked: true, errors: valid ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message ?? ''}`) };
}

/**
 * Validates one object against a Swagger definition named by the end of its name
 * (`CourseMeeting`, `memberships.CourseMembership`): for the items of a list, whose operation the
 * file types only as `{type: object}` (its `results` are not described).
 */
export function validateAgainstDefinition(definitionSuffix: string, value: unknown): string[] {
  const { doc, ajv } = load();
  const names = Object.keys(doc.definitions).filter((name) => name.endsWith(safeName(`.${definitionSuffix}`)));
  if (names.length !== 1) throw new Error(`Swagger definition *.${definitionSuffix}: ${names.length} matches`);
  const key = `definition ${names[0] as string}`;
  let validate = compiled.get(key);
  if (!validate) {
    validate = ajv.compile({ $ref: `swagger#/definitions/${names[0] as string}` });
    compiled.set(key, validate);
  }
  return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message ?? ''}`);
}

/** Points local `#/definitions/...` refs at the registered `swagger` schema. */
function rewriteRefs(schema: unknown): object {
  return JSON.parse(JSON.stringify(schema).replace(/"#\/definitions\//g, '"swagger#/definitions/')) as object;
}

/** Every operation in the Swagger file, for coverage reports. */
export function swaggerOperations(): { method: string; path: string }[] {
  const { doc } = load();
  return Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).filter((m) => m !== 'parameters').map((m) => ({ method: m.toUpperCase(), path })));
}

let writeAjv: Ajv | undefined;
const compiledRequests = new Map<string, ValidateFunction | null>();

/**
 * The request-body schema read strictly, as a writer must meet it: a property the Swagger does not
 * define is an error (`additionalProperties: false` where the object lists its properties), and
 * so is one it marks `readOnly` (Learn sets it; a body that carries it says something Learn ignores).
 */
function strictForWriting(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(strictForWriting);
  if (!schema || typeof schema !== 'object') return schema;
  const copy = Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, k === 'properties' ? v : strictForWriting(v)])) as Record<string, unknown>;
  const properties = copy.properties as Record<string, Record<string, unknown>> | undefined;
  if (properties && typeof properties === 'object') {
    copy.properties = Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, v.readOnly === true ? { not: {}, description: 'readOnly' } : strictForWriting(v)]));
    if (copy.additionalProperties === undefined) copy.additionalProperties = false;
  }
  return copy;
}

/**
 * A defect of the Swagger's generator: every Java list (`java.util.List<java.lang.String>`, the
 * calendar's `...List<...BYDAY>`) is described as an object `{empty: boolean}`, never as the JSON
 * array Learn reads and writes (seed 000 types `weekDays` and `fileUploadIds` as arrays). Read as arrays.
 */
function withListsAsArrays(definitions: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(definitions).map(([name, schema]) => [name, name.startsWith('java.util.List_') ? { type: 'array', items: name === 'java.util.List_java.lang.String_' ? { type: 'string' } : {} } : schema]),
  );
}

/** Validates a request body against the body parameter of the Swagger operation for method and path. */
export function validateRequestAgainstSwagger(method: string, concretePath: string, body: unknown): SwaggerCheck & { template?: string } {
  const { doc } = load();
  const template = findSwaggerPath(method, concretePath);
  if (!template) return { checked: false, reason: `no Swagger operation for ${method} ${concretePath}` };
  const key = `${method} ${template}`;
  let validate = compiledRequests.get(key);
  if (validate === undefined) {
    if (!writeAjv) {
      writeAjv = new Ajv({ strict: false, allErrors: true, validateFormats: true });
      const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (a: Ajv) => void;
      addFormats(writeAjv);
      writeAjv.addSchema({ $id: 'swagger', definitions: strictForWriting(withListsAsArrays(doc.definitions)) }, 'swagger');
    }
    const operation = doc.paths[template]?.[method.toLowerCase()] as { parameters?: { in?: string; schema?: unknown }[] } | undefined;
    const schema = operation?.parameters?.find((p) => p.in === 'body')?.schema;
    validate = schema ? writeAjv.compile(rewriteRefs(strictForWriting(schema))) : null;
    compiledRequests.set(key, validate);
  }
  if (!validate) return { checked: false, reason: `Swagger gives no request body for ${key}`, template };
  const valid = validate(body);
  return { checked: true, template, errors: valid ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message ?? ''}${e.params && 'additionalProperty' in e.params ? ` (${String(e.params.additionalProperty)})` : ''}`) };
}
