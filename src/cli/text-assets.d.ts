// Files embedded in the executable as text (imported `with { type: "text" }`).
declare module "*.md" {
  const text: string;
  export default text;
}
declare module "*.sh" {
  const text: string;
  export default text;
}
declare module "*/LICENSE" {
  const text: string;
  export default text;
}
