//! The words of the AVX2 recording fills, by intrinsics (issue 29 on AVX2).
//! AVX2 has no mask registers: a comparison gives a vector of all-ones or
//! zero lanes, and the compiler, left to the plain loops of words.rs, built
//! each word of bits from such vectors lane by lane (numbergame's 32-bit
//! recording fill took 4.9x its value fill). Here the comparisons' sign
//! bits are taken at once, four vectors at a time (packed to bytes and one
//! `vpmovmskb` for 32-bit lanes, a `vmovmskpd` each for 64-bit ones), ORed
//! into the word in a general register and stored as eight bytes. One comparison per choice both picks the maximum
//! (a blend under it) and gives the bit, so the words compute the same
//! options in the same order as the scalar recording fill.

// Safe calls of intrinsics in `#[target_feature]` functions need Rust 1.89
// here (as for AVX-512); before, the AVX2 fills use the plain loops.
#[rustversion::since(1.89)]
pub(in crate::table) use imp::Avx2;

#[rustversion::since(1.89)]
mod imp {
    use crate::table::words::{forward_words, Words, W64};
    use std::arch::x86_64::*;

    /// Proof that the processor has AVX2: only the fills handed out after
    /// detecting it make one.
    #[derive(Clone, Copy, Debug)]
    pub(in crate::table) struct Avx2(());

    impl Avx2 {
        /// # Safety
        /// The processor must have AVX2.
        pub(in crate::table) unsafe fn new_unchecked() -> Self {
            Avx2(())
        }
    }

    /// The sign bits of four comparisons of eight 32-bit lanes, in lane
    /// order: packed to bytes (the packs work per 128-bit half, so the
    /// dwords of four cells come out interleaved and one `vpermd` puts them
    /// back in order), then one `vpmovmskb`, where a `vmovmskps` per vector
    /// took a shift and an OR more each.
    #[target_feature(enable = "avx2")]
    #[inline]
    fn signs32([a, b, c, d]: [__m256i; 4]) -> u64 {
        let bytes = _mm256_packs_epi16(_mm256_packs_epi32(a, b), _mm256_packs_epi32(c, d));
        let order = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
        u64::from(_mm256_movemask_epi8(_mm256_permutevar8x32_epi32(bytes, order)) as u32)
    }

    /// The sign bits of four comparisons of four 64-bit lanes, in lane order.
    #[target_feature(enable = "avx2")]
    #[inline]
    fn signs64(masks: [__m256i; 4]) -> u64 {
        let mut bits = 0;
        for (k, m) in masks.into_iter().enumerate() {
            bits |= u64::from(_mm256_movemask_pd(_mm256_castsi256_pd(m)) as u8) << (4 * k);
        }
        bits
    }

    /// The words of one lane width: `$t` lanes, `$per` of them a vector, its
    /// subtraction, comparison and the sign bits of four comparisons.
    macro_rules! words_of {
        ($module:ident, $t:ty, $per:literal, [$sub:ident, $gt:ident, $signs:ident]) => {
            mod $module {
                use super::*;
                /// Groups of four vectors in a word.
                const GROUPS: usize = 16 / $per;

                /// Vector k of a word.
                #[target_feature(enable = "avx2")]
                #[inline]
                fn at(w: &W64<$t>, k: usize) -> __m256i {
                    let lanes = &w[$per * k..$per * k + $per];
                    // SAFETY: the slice holds the vector's 32 bytes.
                    unsafe { _mm256_loadu_si256(lanes.as_ptr().cast()) }
                }

                /// Stores `m` as vector k of a word.
                #[target_feature(enable = "avx2")]
                #[inline]
                fn put(w: &mut W64<$t>, k: usize, m: __m256i) {
                    let lanes = &mut w[$per * k..$per * k + $per];
                    // SAFETY: the slice holds the vector's 32 bytes.
                    unsafe { _mm256_storeu_si256(lanes.as_mut_ptr().cast(), m) }
                }

                /// `b` where `m` is set, else `a` (`m` all-ones or zero per lane).
                #[target_feature(enable = "avx2")]
                #[inline]
                fn pick(a: __m256i, b: __m256i, m: __m256i) -> __m256i {
                    _mm256_blendv_epi8(a, b, m)
                }

                /// The maxima of two options per cell into `o`, the options
                /// of vector k by `options(k)`, and the bits of the cells
                /// whose second option is strictly better (the choice of
                /// coins and stonegame7: one comparison for both).
                #[target_feature(enable = "avx2")]
                #[inline]
                fn better_seconds(o: &mut W64<$t>, options: impl Fn(usize) -> [__m256i; 2]) -> u64 {
                    let mut seconds = 0u64;
                    for g in 0..GROUPS {
                        let mut better = [_mm256_setzero_si256(); 4];
                        for (j, better) in better.iter_mut().enumerate() {
                            let k = 4 * g + j;
                            let [first, second] = options(k);
                            *better = $gt(second, first);
                            put(o, k, pick(first, second, *better));
                        }
                        seconds |= $signs(better) << (4 * $per * g);
                    }
                    seconds
                }

                #[target_feature(enable = "avx2")]
                #[inline]
                pub(super) fn coins<const RIGHT: bool>(
                    [x, y, p, q]: [&W64<$t>; 4],
                    o: &mut W64<$t>,
                    bits: &mut [u8; 8],
                ) {
                    let rights =
                        better_seconds(o, |k| [$sub(at(x, k), at(q, k)), $sub(at(y, k), at(p, k))]);
                    // Left is the choice where right is not strictly better.
                    *bits = if RIGHT { rights } else { !rights }.to_le_bytes();
                }

                #[target_feature(enable = "avx2")]
                #[inline]
                pub(super) fn stonegame7(
                    [x, y, before, after, s, e]: [&W64<$t>; 6],
                    o: &mut W64<$t>,
                    bits: &mut [u8; 8],
                ) {
                    let rights = better_seconds(o, |k| {
                        let sum = $sub(at(e, k), at(s, k));
                        [
                            $sub($sub(sum, at(x, k)), at(after, k)),
                            $sub($sub(sum, at(y, k)), at(before, k)),
                        ]
                    });
                    *bits = (!rights).to_le_bytes();
                }

                #[target_feature(enable = "avx2")]
                #[inline]
                pub(super) fn numbergame(
                    [x, y, p, q, s, t]: [&W64<$t>; 6],
                    o: &mut W64<$t>,
                    [seconds, deleting]: [&mut [u8; 8]; 2],
                ) {
                    let (mut second_bits, mut delete_bits) = (0u64, 0u64);
                    let zero = _mm256_setzero_si256();
                    for g in 0..GROUPS {
                        let (mut second, mut deletes) = ([zero; 4], [zero; 4]);
                        for j in 0..4 {
                            let k = 4 * g + j;
                            let left = $sub(at(x, k), at(q, k));
                            let right = $sub(at(y, k), at(p, k));
                            let take_right = $gt(right, left);
                            let take = pick(left, right, take_right);
                            let del_left = $sub(zero, at(t, k));
                            let del_right = $sub(zero, at(s, k));
                            let delete_right = $gt(del_right, del_left);
                            let delete = pick(del_left, del_right, delete_right);
                            // A delete only when strictly better than both
                            // takes; within the pair chosen, the second when
                            // strictly better than the first: that pair's
                            // own comparison.
                            deletes[j] = $gt(delete, take);
                            put(o, k, pick(take, delete, deletes[j]));
                            second[j] = pick(take_right, delete_right, deletes[j]);
                        }
                        second_bits |= $signs(second) << (4 * $per * g);
                        delete_bits |= $signs(deletes) << (4 * $per * g);
                    }
                    *seconds = second_bits.to_le_bytes();
                    *deleting = delete_bits.to_le_bytes();
                }
            }

            forward_words!(Avx2, $t, $module);
        };
    }

    words_of!(
        wide,
        i64,
        4,
        [_mm256_sub_epi64, _mm256_cmpgt_epi64, signs64]
    );
    words_of!(
        narrow,
        i32,
        8,
        [_mm256_sub_epi32, _mm256_cmpgt_epi32, signs32]
    );
}
