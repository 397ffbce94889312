//! The memo of a search: an open-addressing table from state keys to state numbers.

use alloc::vec::Vec;

/// The memo of a search: state key to state number, by open addressing. A generation stamp
/// per slot makes clearing free, so a table grown by one large search costs nothing to reuse
/// for many small ones.
#[derive(Default)]
pub(super) struct Index {
    /// `(key, state, generation)`; a slot is live when its generation is the current one.
    slots: Vec<(u64, u32, u32)>,
    generation: u32,
    len: usize,
    /// The `len` at which the table doubles (half full), and the shift that turns a hash
    /// into a slot: both follow the size, and both are zero before the first insert grows it.
    /// Kept rather than worked out from the size at every probe, the search's busiest call.
    limit: usize,
    shift: u32,
}

impl Index {
    pub(super) fn clear(&mut self) {
        self.len = 0;
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            // After 2^32 searches the stamps wrap: wipe them once.
            self.slots.iter_mut().for_each(|s| s.2 = 0);
            self.generation = 1;
        }
    }

    #[inline]
    fn slot(&self, key: u64) -> usize {
        let mask = self.slots.len() - 1;
        // The high bits of the product depend on every bit of the key.
        let mut i = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize;
        while self.slots[i].2 == self.generation && self.slots[i].0 != key {
            i = (i + 1) & mask;
        }
        i
    }

    /// Whether `key` is recorded.
    pub(super) fn contains(&self, key: u64) -> bool {
        !self.slots.is_empty() && self.slots[self.slot(key)].2 == self.generation
    }

    /// Records `key`; returns whether it is new.
    #[inline]
    pub(super) fn insert(&mut self, key: u64) -> bool {
        let (i, found) = self.find(key);
        if !found {
            self.fill(i, key, 0);
        }
        !found
    }

    /// The state of `key`, or `value` after recording it as the state of `key`; one probe.
    #[inline]
    pub(super) fn get_or_insert(&mut self, key: u64, value: u32) -> u32 {
        let (i, found) = self.find(key);
        if found {
            return self.slots[i].1;
        }
        self.fill(i, key, value);
        value
    }

    /// The slot of `key` and whether it holds it (else it is free for it), after growing the
    /// table if it is half full.
    #[inline(always)]
    fn find(&mut self, key: u64) -> (usize, bool) {
        if self.len >= self.limit {
            self.grow();
        }
        let i = self.slot(key);
        (i, self.slots[i].2 == self.generation)
    }

    /// Puts `key` and its state in the free slot `i`.
    #[inline(always)]
    fn fill(&mut self, i: usize, key: u64, value: u32) {
        self.slots[i] = (key, value, self.generation);
        self.len += 1;
    }

    /// Doubles the table (rare: the table is kept from search to search).
    #[cold]
    #[inline(never)]
    fn grow(&mut self) {
        let live: Vec<(u64, u32, u32)> =
            self.slots.iter().copied().filter(|s| s.2 == self.generation).collect();
        let size = (2 * self.slots.len()).max(64);
        self.slots.clear();
        self.slots.resize(size, (0, 0, 0));
        self.generation = 1;
        self.limit = size / 2;
        self.shift = 64 - size.trailing_zeros();
        for (k, v, _) in live {
            let i = self.slot(k);
            self.slots[i] = (k, v, 1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A key is new after `clear` however long the table has been in use: when the
    /// generation stamps wrap, a slot stamped long ago must not look live again.
    #[test]
    fn a_cleared_table_forgets_its_keys_when_the_stamps_wrap() {
        let mut index = Index::default();
        assert!(index.insert(7));
        assert!(!index.insert(7));
        // The first insert grew the table and stamped the slot of 7 with generation 1; skip
        // to the last generation, so that the next clear wraps to 0 and then back to 1.
        index.generation = u32::MAX;
        index.clear();
        assert_eq!(index.generation, 1);
        assert!(index.insert(7), "a slot of an old generation looks live after the wrap");
        index.clear();
        assert!(index.insert(7), "a key survived clear");
        assert_eq!(index.get_or_insert(9, 4), 4);
        assert_eq!(index.get_or_insert(9, 5), 4);
    }
}
