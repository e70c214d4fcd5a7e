/** Adam (Kingma & Ba) with bias correction; minimises, so pass the gradient of a loss. */
export type Adam = { step: (weights: Float64Array, gradient: ArrayLike<number>) => void };

export function createAdam(
  size: number,
  { lr, beta1 = 0.9, beta2 = 0.999, epsilon = 1e-8 }: { lr: number; beta1?: number; beta2?: number; epsilon?: number },
): Adam {
  const m = new Float64Array(size);
  const v = new Float64Array(size);
  let t = 0;
  return {
    step(weights, gradient) {
      t += 1;
      const correction1 = 1 - beta1 ** t;
      const correction2 = 1 - beta2 ** t;
      for (let i = 0; i < size; i++) {
        const g = gradient[i] ?? 0;
        const mi = beta1 * (m[i] ?? 0) + (1 - beta1) * g;
        const vi = beta2 * (v[i] ?? 0) + (1 - beta2) * g * g;
        m[i] = mi;
        v[i] = vi;
        weights[i] = (weights[i] ?? 0) - (lr * (mi / correction1)) / (Math.sqrt(vi / correction2) + epsilon);
      }
    },
  };
}
