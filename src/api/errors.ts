// Every error siturec throws is a SiturecError (a message to act on, a hint, an exit code); each kind is
// exported here, once, so callers can tell them apart with instanceof. The architecture test checks that
// no error class is missing.
export { TemplateError } from "../agents/prompts/render-template.js";
export { HttpPolicyError } from "../agents/remote/http-policy.js";
export { AgentIdError } from "../agents/role-registry.js";
export { DataFileError } from "../core/data-file.js";
export { SiturecError, shortMessage } from "../core/errors.js";
export { CustomerSimAgentError } from "../customersim/agent-registry.js";
export { UnknownFactError } from "../customersim/checker/evaluate.js";
export { EnvClientError } from "../env-server/client.js";
export { OpenEnvError } from "../env-server/openenv-client-messages.js";
export { SessionError } from "../env-server/session-error.js";
export { UnknownEnvError } from "../envs/registry.js";
export { TrajectoryFileError } from "../eval/read-trajectories.js";
export { CaptureDone } from "../llm/capture-client.js";
export { LlmError } from "../llm/llm-error.js";
export { InvalidModelIdError, NoSuchProviderError } from "../llm/model-id.js";
export { MissingApiKeyError, NoEmbeddingModelsError } from "../llm/providers.js";
export { BrowserConnectError } from "../render/browser-launch.js";
export { BundledChromiumError } from "../render/bundled-chromium.js";
export { ChromiumNotFoundError } from "../render/chromium.js";
export { RenderError } from "../render/render-service.js";
export { RunIdentityError } from "../runner/plan.js";
export { RunRefusedError } from "../runner/queue/worker-runs.js";
export { ConfigError } from "../runner/run-config.js";
export { RunNotFoundError } from "../storage/require-run.js";
export { LeaseLostError, RunBusyError } from "../storage/run-store.js";
export { StorageError } from "../storage/storage-error.js";
export { StudyStateError } from "../study/study-runtime.js";
