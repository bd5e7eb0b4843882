// AI model hubs, hosts and local model servers: Ollama, the Hugging Face
// Hub's CLI (huggingface-cli, and its new name hf), Modal and Replicate.
// Removing models, repositories, files, volumes, secrets and deployments,
// stopping a deployed app, and pushing or uploading over what a hub holds
// (a model pushed replaces the published one) ask; listing, showing, pulling,
// downloading, running and uploading checkpoints to one's own Hub repository
// pass (a dataset of the project's data sent there is the network pack's).
import { HF_UPLOAD } from "../network.ts";
import { destroys, group, names, nounChain, printsCredential, readVerbs } from "./grammar.ts";
import { DESTROY, UPLOAD } from "./categories.ts";
import type { RemoteCli } from "./remote-cli.ts";

const uploadsOver = destroys(undefined, { tags: [UPLOAD] });

export const OLLAMA: RemoteCli = {
  id: "ollama",
  names: ["ollama"],
  about: "Ollama",
  spec: group("models", { ...names(["rm", "delete"], destroys()), push: uploadsOver, ...readVerbs(["list", "ls", "ps", "show"]) }),
  examples: {
    models: {
      asks: ["ollama rm llama3", "ollama push acme/private-model"],
      passes: ["ollama list", "ollama pull llama3", "ollama run llama3 'hello'", "ollama show llama3", "ollama ps", "ollama rm --help"],
    },
  },
};

/** `hf auth token` / `huggingface-cli auth token`: the stored Hub token, a credential like any other printed. */
const HF_AUTH = group(undefined, { token: printsCredential(), ...readVerbs(["whoami", "list"]) });

export const HUGGINGFACE: RemoteCli = {
  id: "huggingface",
  names: ["huggingface-cli", "hf"],
  about: "Hugging Face Hub CLI",
  spec: group("models", {
    // Files sent to the Hub: the network pack asks when they are the project's data (exports, dumps). `--delete
    // PATTERN` deletes the repository's files that match and are not uploaded. Every operand may be a file sent.
    ...names(["upload", "upload-large-folder"], { ...HF_UPLOAD, operands: ["read"], tagsWith: { "--delete": [DESTROY] } }),
    "delete-cache": destroys(),
    repo: group(undefined, { ...names(["delete", "rm"], destroys()), ...readVerbs(["list", "ls", "info"]) }),
    "repo-files": nounChain({ delete: destroys() }),
    cache: group(undefined, { ...names(["delete", "rm", "prune"], destroys()), ...readVerbs(["scan", "ls"]) }),
    auth: HF_AUTH,
    ...readVerbs(["whoami", "env", "scan-cache", "download"]),
  }),
  examples: {
    models: {
      asks: ["huggingface-cli delete-cache --disable-tui", "hf repo delete acme/model", "hf upload acme/model ./ckpt --delete '*.safetensors'", "hf cache delete"],
      passes: [
        "huggingface-cli download meta-llama/Llama-3-8B --local-dir ./models",
        "hf download gpt2",
        "huggingface-cli whoami",
        "huggingface-cli scan-cache",
        "hf upload acme/model ./ckpt --private",
        "hf repo create acme/new-model --private",
      ],
    },
  },
};

export const MODAL: RemoteCli = {
  id: "modal",
  names: ["modal"],
  about: "Modal",
  // `app stop` takes a deployed app down; `volume rm -r`, `nfs rm`, `secret delete`, `environment delete` lose what they name.
  spec: { ...nounChain({ ...names(["rm", "delete", "stop"], destroys()), ...readVerbs(["list", "ls", "get", "logs", "history"]) }), tags: ["models"] },
  examples: {
    models: {
      asks: ["modal app stop prod-api", "modal volume rm models /ckpt -r", "modal volume delete models", "modal secret delete prod-db", "modal environment delete prod"],
      passes: ["modal app list", "modal volume ls models", "modal run app.py", "modal serve app.py", "modal volume get models /ckpt/model.bin"],
    },
  },
};

export const REPLICATE: RemoteCli = {
  id: "replicate",
  names: ["replicate"],
  about: "Replicate CLI",
  spec: { ...nounChain({ ...names(["delete", "rm"], destroys()), push: uploadsOver, ...readVerbs(["list", "ls", "get", "show"]) }), tags: ["models"] },
  examples: {
    models: {
      asks: ["replicate model delete acme/my-model", "replicate deployments delete acme/prod", "replicate push r8.im/acme/model"],
      passes: ["replicate model list", "replicate run stability-ai/sdxl prompt='a cat'", "replicate deployments list"],
    },
  },
};
