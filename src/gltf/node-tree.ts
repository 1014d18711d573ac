// A glTF's node hierarchy, read once and checked: glTF-Transform links whatever `children` say, so a
// node that is its own ancestor makes its world matrix loop forever, and a chain thousands of nodes
// deep overflows any recursion. Parents are looked up once here (glTF-Transform's `getParentNode`
// scans every reference to a node, each channel that targets it too), and matrices are built walking down.
import type { Node } from '@gltf-transform/core';
import { DecodeError } from '../core/errors.js';
import type { WorkBudget } from '../core/work-budget.js';
import { fromArray, multiply, type Matrix } from './spaces.js';

export interface NodeTree {
  parentOf(node: Node): Node | null;
  /** The node's rest world matrix (its parents' matrices times its own), memoised. */
  restWorld(node: Node): Matrix;
  /** How many nodes a pose of `posed` evaluates: those nodes and their ancestors, each once. */
  readonly posedNodes: number;
  /**
   * World matrices down the hierarchy from a node's top ancestor, each from `local` once, memoised
   * in `worlds`: no recursion, however deep the chain.
   */
  worldOf(node: Node, local: (node: Node) => Matrix, worlds: Map<Node, Matrix>): Matrix;
}

/**
 * The hierarchy of `nodes`, refused (`hierarchy-cycle`) when children links loop; the nodes above
 * `posed` are counted, and walking to them is charged to the budget.
 */
export function nodeTree(nodes: readonly Node[], posed: Iterable<Node>, budget: WorkBudget): NodeTree {
  const parents = new Map<Node, Node | null>();
  for (const node of nodes) parents.set(node, node.getParentNode());
  const parentOf = (node: Node) => parents.get(node) ?? null;
  const reached = new Set<Node>();
  for (const start of posed) {
    const walk = new Set<Node>();
    for (let node: Node | null = start; node && !reached.has(node); node = parentOf(node)) {
      if (walk.has(node))
        throw new DecodeError(
          'GLTF',
          'hierarchy-cycle',
          0,
          `node "${node.getName()}" is its own ancestor: its children links form a cycle`,
        );
      walk.add(node);
    }
    budget.charge(walk.size, 'walking the node hierarchy');
    for (const node of walk) reached.add(node);
  }
  const worldOf = (node: Node, local: (node: Node) => Matrix, worlds: Map<Node, Matrix>): Matrix => {
    const chain: Node[] = [];
    for (let at: Node | null = node; at && !worlds.has(at); at = parentOf(at)) chain.push(at);
    for (let i = chain.length - 1; i >= 0; i--) {
      const at = chain[i]!;
      const parent = parentOf(at);
      worlds.set(at, parent ? multiply(worlds.get(parent)!, local(at)) : local(at));
    }
    return worlds.get(node)!;
  };
  const rest = new Map<Node, Matrix>();
  return {
    parentOf,
    posedNodes: reached.size,
    worldOf,
    restWorld: (node) => worldOf(node, (at) => fromArray(at.getMatrix()), rest),
  };
}
