// `$(( … ))` evaluated when every operand is known: integers as bash has them
// (64-bit, wrapping), literals in any base, variables holding numbers. Anything
// the input cannot show (a `$(…)` inside, a variable only the run knows, an
// assignment, division by zero) leaves the number unknown; a variable an
// assignment changes (`$((i++))`) becomes unknown for what follows.
import type { ArithmeticExpression } from "unbash";
import { MAX_ARITHMETIC_DEPTH } from "../../limits.ts";

export type ArithmeticScope = {
  /** A variable's one known text, undefined when it is unknown or unset-and-unknown. */
  text(name: string): string | undefined;
  /** The expression changes a variable (`i++`, `x = 3`): it is now unknown. */
  forget(name: string): void;
  /** A `$x` or `${x}` inside the expression, expanded. */
  expand(parts: NonNullable<Extract<ArithmeticExpression, { type: "ArithmeticWord" }>["parts"]>): string | undefined;
};

export function evaluateArithmetic(expression: ArithmeticExpression | undefined, scope: ArithmeticScope): bigint | undefined {
  if (!expression) return 0n;
  return evaluate(expression, scope, 0);
}

function evaluate(node: ArithmeticExpression, scope: ArithmeticScope, depth: number): bigint | undefined {
  if (depth > MAX_ARITHMETIC_DEPTH) return undefined;
  switch (node.type) {
    case "ArithmeticWord":
      return wordValue(node, scope, depth);
    case "ArithmeticGroup":
      return evaluate(node.expression, scope, depth + 1);
    case "ArithmeticTernary": {
      const test = evaluate(node.test, scope, depth + 1);
      if (test === undefined) return undefined;
      return evaluate(test !== 0n ? node.consequent : node.alternate, scope, depth + 1);
    }
    case "ArithmeticUnary":
      return unary(node.operator, node.operand, scope, depth);
    case "ArithmeticBinary":
      return binary(node.operator, node.left, node.right, scope, depth);
    case "ArithmeticCommandExpansion":
      return undefined;
  }
}

function wordValue(node: Extract<ArithmeticExpression, { type: "ArithmeticWord" }>, scope: ArithmeticScope, depth: number): bigint | undefined {
  const text = node.parts ? scope.expand(node.parts) : node.value;
  if (text === undefined) return undefined;
  const literal = integerLiteral(text.trim());
  if (literal !== undefined) return literal;
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(text.trim())) return undefined;
  // A variable: its value read as a number (an empty or unset one is 0).
  const held = scope.text(text.trim());
  if (held === undefined) return undefined;
  if (held.trim() === "") return 0n;
  return depth < 8 ? integerLiteral(held.trim()) : undefined;
}

/** `42`, `-7`, `0x1f`, `017` (octal), `2#1010`, `36#zz`. */
function integerLiteral(text: string): bigint | undefined {
  const sign = text.startsWith("-") ? -1n : 1n;
  const body = text.replace(/^[-+]/, "");
  let value: bigint | undefined;
  if (/^0[xX][0-9a-fA-F]+$/.test(body)) value = BigInt(body);
  else if (/^0[0-7]+$/.test(body)) value = BigInt(`0o${body.slice(1)}`);
  else if (/^\d+$/.test(body)) value = BigInt(body);
  else {
    const based = /^(\d{1,2})#([0-9a-zA-Z@_]+)$/.exec(body);
    if (based) value = inBase(based[2]!, Number(based[1]));
  }
  return value === undefined ? undefined : BigInt.asIntN(64, sign * value);
}

function inBase(digits: string, base: number): bigint | undefined {
  if (base < 2 || base > 64) return undefined;
  const alphabet = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ@_";
  let value = 0n;
  for (const digit of digits) {
    const at = base <= 36 ? alphabet.indexOf(digit.toLowerCase()) : alphabet.indexOf(digit);
    if (at < 0 || at >= base) return undefined;
    value = value * BigInt(base) + BigInt(at);
  }
  return value;
}

function unary(operator: string, operand: ArithmeticExpression, scope: ArithmeticScope, depth: number): bigint | undefined {
  if (operator === "++" || operator === "--") return changed(operand, scope);
  const value = evaluate(operand, scope, depth + 1);
  if (value === undefined) return undefined;
  switch (operator) {
    case "-":
      return BigInt.asIntN(64, -value);
    case "+":
      return value;
    case "!":
      return value === 0n ? 1n : 0n;
    case "~":
      return BigInt.asIntN(64, ~value);
    default:
      return undefined;
  }
}

const ASSIGNMENTS = new Set(["=", "+=", "-=", "*=", "/=", "%=", "<<=", ">>=", "&=", "^=", "|="]);

function binary(operator: string, left: ArithmeticExpression, right: ArithmeticExpression, scope: ArithmeticScope, depth: number): bigint | undefined {
  if (ASSIGNMENTS.has(operator)) {
    evaluate(right, scope, depth + 1);
    return changed(left, scope);
  }
  const a = evaluate(left, scope, depth + 1);
  if (operator === "&&" && a === 0n) return 0n;
  if (operator === "||" && a !== undefined && a !== 0n) return 1n;
  const b = evaluate(right, scope, depth + 1);
  if (a === undefined || b === undefined) return undefined;
  const wrap = (value: bigint) => BigInt.asIntN(64, value);
  switch (operator) {
    case "+":
      return wrap(a + b);
    case "-":
      return wrap(a - b);
    case "*":
      return wrap(a * b);
    case "/":
      return b === 0n ? undefined : wrap(a / b);
    case "%":
      return b === 0n ? undefined : wrap(a % b);
    case "**":
      return b < 0n || b > 64n ? undefined : wrap(a ** b);
    case "<<":
      return wrap(a << (b & 63n));
    case ">>":
      return wrap(a >> (b & 63n));
    case "&":
      return a & b;
    case "|":
      return a | b;
    case "^":
      return a ^ b;
    case "&&":
      return a !== 0n && b !== 0n ? 1n : 0n;
    case "||":
      return a !== 0n || b !== 0n ? 1n : 0n;
    case "==":
      return a === b ? 1n : 0n;
    case "!=":
      return a !== b ? 1n : 0n;
    case "<":
      return a < b ? 1n : 0n;
    case "<=":
      return a <= b ? 1n : 0n;
    case ">":
      return a > b ? 1n : 0n;
    case ">=":
      return a >= b ? 1n : 0n;
    case ",":
      return b;
    default:
      return undefined;
  }
}

/** `i++`, `x = 3`: the variable changes (not followed: it is unknown from here); so is the value. */
function changed(target: ArithmeticExpression, scope: ArithmeticScope): undefined {
  if (target.type === "ArithmeticWord" && /^[A-Za-z_][A-Za-z0-9_]*$/.test(target.value)) scope.forget(target.value);
  return undefined;
}
