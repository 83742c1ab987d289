"""Small finite fields GF(p) and GF(p²), p an odd prime: just enough arithmetic to build the
exact round-robin designs (see designs.py).

Elements are the integers 0..q-1: a + b·x is stored as a + p·b, where x² is a fixed
non-square modulo p. Addition and multiplication are precomputed tables, because the designs
only need fields of a few dozen elements and tables keep the construction code plain.
"""


class FiniteField:
    """GF(q) for q = p (power 1) or q = p² (power 2), with the powers of a primitive element and
    their logarithms (``powers[log[v]] == v`` for every non-zero v)."""

    def __init__(self, p, power):
        if power not in (1, 2):
            raise ValueError(f"only GF(p) and GF(p²) are provided, not GF({p}^{power})")
        self.order = p**power
        pairs = [(element % p, element // p) for element in range(self.order)]
        non_square = next(c for c in range(2, p) if all((y * y - c) % p for y in range(p)))

        def encode(a, b):
            return a % p + p * (b % p)

        self.add = [[encode(a + c, b + d) for (c, d) in pairs] for (a, b) in pairs]
        self.mul = [[encode(a * c + b * d * non_square, a * d + b * c) for (c, d) in pairs] for (a, b) in pairs]
        self.neg = [encode(-a, -b) for (a, b) in pairs]
        self.powers = next(powers for g in range(2, self.order) if len(powers := self._powers_of(g)) == self.order - 1)
        self.log = {value: exponent for exponent, value in enumerate(self.powers)}

    def _powers_of(self, g):
        """1, g, g², … up to the first repeat: all q-1 non-zero elements when g is primitive."""
        powers, value = [], 1
        while value not in powers:
            powers.append(value)
            value = self.mul[value][g]
        return powers

    def sub(self, a, b):
        return self.add[a][self.neg[b]]
