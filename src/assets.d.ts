// Files embedded in the executable: imported `with { type: "file" }`, they are paths.
declare module "*.wasm" {
  const path: string;
  export default path;
}
declare module "*.toml" {
  const path: string;
  export default path;
}
