# SPDX-License-Identifier: GPL-2.0
# (b) Concurrent map/unmap: T kthreads x I iterations, each its own buffer.
# stats must count exactly T*I more maps, live back where it was, no error.
test_stress() {
	threads=$1 iters=$2
	errors_clear
	maps0=$(drv_stat maps)
	live0=$(drv_stat live)
	dropped0=$(stat_of "pool " dropped)
	t0=$(date +%s)
	if ! echo "$threads $iters" > $ST/stress; then
		fail "stress" "the stress run failed"
		return
	fi
	t1=$(date +%s)
	maps1=$(drv_stat maps)
	live1=$(drv_stat live)
	total=$(sed -n 's/^stress total .* maps=\([0-9]*\) .*/\1/p' $ST/stress_result)
	sed 's/^/    /' $RT/errors | head -n 5
	want=$((threads * iters))
	echo "    stress: $threads threads x $iters, ${total:-?} maps in $((t1 - t0)) s; stats maps $maps0 -> $maps1, live $live0 -> $live1"
	[ "$total" = "$want" ] || fail "stress ${threads}x$iters" "the threads made $total maps, expected $want"
	[ $((maps1 - maps0)) = "$want" ] || fail "stress ${threads}x$iters" "stats counted $((maps1 - maps0)) maps, expected $want"
	[ "$live1" = "$live0" ] || fail "stress ${threads}x$iters" "live $live0 -> $live1"
	[ "$(stat_of "pool " dropped)" = "$dropped0" ] || fail "stress ${threads}x$iters" "maps dropped"
	[ -z "$(error_ids)" ] || fail "stress ${threads}x$iters" "errors [$(error_ids)]"
	[ "$total" = "$want" ] && [ $((maps1 - maps0)) = "$want" ] &&
		[ "$live1" = "$live0" ] && [ -z "$(error_ids)" ] &&
		pass "stress ${threads}x$iters: $want maps counted, live $live1, no error"
}
