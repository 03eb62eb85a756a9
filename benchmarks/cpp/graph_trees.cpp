// Reference for benchmarks/bench_graphs.py: the same tree algorithms as
// grundy.kernels.trees and grundy.games.treegames, in C++ (-O2).
// Usage: graph_trees MODE FILE   (FILE: int64 n, m, then m pairs u v)
// MODE colon: CSR + BFS from 0 + colon principle; prints seconds and g(0).
// MODE prefix: colon + grounded prefix values; prints seconds and a checksum.
// MODE fuse: bridges + 2-edge-connected parts + fusion/colon values; prints seconds, g.
// MODE geo: BFS from 0 + edge geography values of every start; seconds, checksum.
// MODE trie: ancestor-deletion values by binary-trie merging (int32 node records
// {child0, child1, count, tag}, recursive merge of depth <= BITS); prints seconds, g(0).
#include <ctime>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>
using namespace std;
typedef int64_t ll;

static vector<ll> us, vs;
static ll n, m;
static vector<ll> parent_, order_;

static void root_tree() {
    vector<ll> deg(n + 1, 0), adj(2 * m);
    for (ll i = 0; i < m; ++i) { deg[us[i] + 1]++; deg[vs[i] + 1]++; }
    for (ll i = 0; i < n; ++i) deg[i + 1] += deg[i];
    vector<ll> fill(deg.begin(), deg.begin() + n);
    for (ll i = 0; i < m; ++i) { adj[fill[us[i]]++] = vs[i]; adj[fill[vs[i]]++] = us[i]; }
    parent_.assign(n, -2); order_.assign(n, 0);
    ll head = 0, tail = 0;
    parent_[0] = -1; order_[tail++] = 0;
    while (head < tail) {
        ll u = order_[head++];
        bool seen = false;
        for (ll k = deg[u]; k < deg[u + 1]; ++k) {
            ll w = adj[k];
            if (w == parent_[u] && !seen) { seen = true; continue; }
            if (parent_[w] == -2) { parent_[w] = u; order_[tail++] = w; }
        }
    }
}

static vector<ll> colon() {
    vector<ll> val(n, 0);
    for (ll i = n - 1; i >= 0; --i) { ll v = order_[i]; if (parent_[v] >= 0) val[parent_[v]] ^= val[v] + 1; }
    return val;
}

// ---- trie merge (ancestor deletion): one int32 node record {child0, child1,
// count, lazy xor tag}, as in grundy.games.treegames
typedef int32_t it;
static vector<it> T;  // 4 per node
static int BITS;
static inline void push(it x, int d) {
    it* r = &T[4 * (size_t)x];
    it t = r[3];
    if (!t) return;
    if ((t >> (d - 1)) & 1) swap(r[0], r[1]);
    if (r[0]) T[4 * (size_t)r[0] + 3] ^= t;
    if (r[1]) T[4 * (size_t)r[1] + 3] ^= t;
    r[3] = 0;
}
static it merge(it a, it b, int d) {
    if (!a) return b;
    if (!b || d == 0) return a;
    push(a, d); push(b, d);
    for (int c = 0; c < 2; ++c) {
        it m = merge(T[4 * (size_t)a + c], T[4 * (size_t)b + c], d - 1);
        T[4 * (size_t)a + c] = m;
    }
    T[4 * (size_t)a + 2] = T[4 * (size_t)T[4 * (size_t)a] + 2] + T[4 * (size_t)T[4 * (size_t)a + 1] + 2];
    return a;
}

// ---- fusion principle: bridges and 2-edge-connected parts by one iterative DFS
// from 0 (grundy.kernels.graphs), parts valued by loop parity + colon principle
static ll fuse() {
    vector<ll> deg(n + 1, 0);
    for (ll i = 0; i < m; ++i) if (us[i] != vs[i]) { deg[us[i] + 1]++; deg[vs[i] + 1]++; }
    for (ll i = 0; i < n; ++i) deg[i + 1] += deg[i];
    vector<ll> adj(max<ll>(deg[n], 1)), eid(max<ll>(deg[n], 1)), fill(deg.begin(), deg.begin() + n);
    for (ll i = 0; i < m; ++i) if (us[i] != vs[i]) {
        adj[fill[us[i]]] = vs[i]; eid[fill[us[i]]++] = i;
        adj[fill[vs[i]]] = us[i]; eid[fill[vs[i]]++] = i;
    }
    vector<ll> tin(n, -1), low(n, 0), pe(n, -1), it(deg.begin(), deg.begin() + n), st(n), pre(n);
    vector<char> bridge(m, 0);
    ll top = 0, timer = 1;
    st[0] = 0; tin[0] = 0; pre[0] = 0;
    while (top >= 0) {
        ll v = st[top];
        if (it[v] < deg[v + 1]) {
            ll k = it[v]++, e = eid[k];
            if (e == pe[v]) continue;
            ll w = adj[k];
            if (tin[w] < 0) { tin[w] = low[w] = timer; pre[timer++] = w; pe[w] = e; st[++top] = w; }
            else if (tin[w] < low[v]) low[v] = tin[w];
        } else {
            --top;
            ll e = pe[v];
            if (e >= 0) {
                ll p = us[e] ^ vs[e] ^ v;
                if (low[v] < low[p]) low[p] = low[v];
                if (low[v] > tin[p]) bridge[e] = 1;
            }
        }
    }
    vector<ll> part(n, -1), ppar(timer, -1);
    ll np = 1; part[0] = 0;
    for (ll i = 1; i < timer; ++i) {
        ll v = pre[i], e = pe[v], p = us[e] ^ vs[e] ^ v;
        if (bridge[e]) { ppar[np] = part[p]; part[v] = np++; } else part[v] = part[p];
    }
    vector<ll> val(np, 0);
    for (ll i = 0; i < m; ++i) if (part[us[i]] >= 0 && !bridge[i]) val[part[us[i]]] ^= 1;
    for (ll q = np - 1; q > 0; --q) val[ppar[q]] ^= val[q] + 1;
    return val[0];
}

// ---- edge (= vertex) geography on a tree: every start by rerooting the mex
static uint64_t geography() {
    vector<ll> cnt(n + 1, 0);
    for (ll v = 0; v < n; ++v) if (parent_[v] >= 0) cnt[parent_[v] + 1]++;
    for (ll i = 0; i < n; ++i) cnt[i + 1] += cnt[i];
    vector<ll> kids(max<ll>(cnt[n], 1)), fill(cnt.begin(), cnt.begin() + n);
    for (ll v = 0; v < n; ++v) if (parent_[v] >= 0) kids[fill[parent_[v]]++] = v;
    vector<ll> down(n, 0), up(n, 0), full(n, 0), seen(n + 2, 0);
    for (ll i = n - 1; i >= 0; --i) {
        ll v = order_[i], k = cnt[v + 1] - cnt[v];
        for (ll j = cnt[v]; j < cnt[v + 1]; ++j) if (down[kids[j]] <= k) seen[down[kids[j]]]++;
        ll mx = 0; while (seen[mx]) ++mx;
        down[v] = mx;
        for (ll j = cnt[v]; j < cnt[v + 1]; ++j) if (down[kids[j]] <= k) seen[down[kids[j]]] = 0;
    }
    for (ll i = 0; i < n; ++i) {
        ll v = order_[i], hp = parent_[v] >= 0, k = cnt[v + 1] - cnt[v] + hp;
        for (ll j = cnt[v]; j < cnt[v + 1]; ++j) if (down[kids[j]] <= k) seen[down[kids[j]]]++;
        if (hp && up[v] <= k) seen[up[v]]++;
        ll mx = 0; while (seen[mx]) ++mx;
        full[v] = mx;
        for (ll j = cnt[v]; j < cnt[v + 1]; ++j) { ll x = down[kids[j]]; up[kids[j]] = (x < mx && seen[x] == 1) ? x : mx; }
        for (ll j = cnt[v]; j < cnt[v + 1]; ++j) if (down[kids[j]] <= k) seen[down[kids[j]]] = 0;
        if (hp && up[v] <= k) seen[up[v]] = 0;
    }
    uint64_t chk = 0;
    for (ll v = 0; v < n; ++v) chk = chk * 31 + (uint64_t)full[v];
    return chk;
}

int main(int argc, char** argv) {
    FILE* f = fopen(argv[2], "rb");
    if (fread(&n, 8, 1, f) != 1 || fread(&m, 8, 1, f) != 1) return 1;
    vector<ll> raw(2 * m);
    if ((ll)fread(raw.data(), 8, 2 * m, f) != 2 * m) return 1;
    fclose(f);
    us.resize(m); vs.resize(m);
    for (ll i = 0; i < m; ++i) { us[i] = raw[2 * i]; vs[i] = raw[2 * i + 1]; }
    clock_t t0 = clock();  // CPU time, as the Python side measures
    ll out = 0;
    uint64_t chk = 0;
    if (!strcmp(argv[1], "fuse")) {
        out = fuse();
    } else if (!strcmp(argv[1], "geo")) {
        root_tree();
        chk = geography();
    } else if (!strcmp(argv[1], "colon")) {
        root_tree();
        out = colon()[0];
    } else if (!strcmp(argv[1], "prefix")) {
        root_tree();
        vector<ll> val = colon();
        vector<char> gr(n, 0);
        gr[0] = 1;
        ll res = val[0];
        for (ll k = 0; k < n; ++k) {
            for (ll x = k; !gr[x]; x = parent_[x]) { gr[x] = 1; res ^= 1 ^ val[x] ^ (val[x] + 1); }
            chk = chk * 31 + (uint64_t)res;
        }
    } else {
        root_tree();
        BITS = 1; while ((1LL << BITS) <= n + 1) ++BITS;
        size_t full = (size_t)n * (BITS + 1) + 2;
        T.assign(4 * min(full, (size_t)(2 * n + BITS + 2)), 0);
        vector<ll> g(n, 0);
        vector<it> xs(n, 0), root(n, 0), path(BITS + 1);
        it used = 1;
        for (ll i = n - 1; i >= 0; --i) {
            ll v = order_[i];
            it r = root[v], x = xs[v];
            if (r) T[4 * (size_t)r + 3] ^= x;
            if ((size_t)(used + BITS + 1) * 4 > T.size()) T.resize(4 * min(full, T.size() / 2));
            if (!r) r = used++;
            it node = r;
            for (int d = BITS; d >= 1; --d) {
                path[d] = node; push(node, d);
                int c = (x >> (d - 1)) & 1;
                it& nx = T[4 * (size_t)node + c];
                if (!nx) nx = used++;
                node = nx;
            }
            if (!T[4 * (size_t)node + 2]) {
                T[4 * (size_t)node + 2] = 1;
                for (int d = 1; d <= BITS; ++d) T[4 * (size_t)path[d] + 2]++;
            }
            it res = 0; node = r;
            for (int d = BITS; d >= 1 && node; --d) {
                push(node, d);
                it c0 = T[4 * (size_t)node];
                if (T[4 * (size_t)c0 + 2] == (it)(1 << (d - 1))) { res |= 1 << (d - 1); node = T[4 * (size_t)node + 1]; }
                else node = c0;
            }
            g[v] = res; root[v] = r;
            ll p = parent_[v];
            if (p >= 0) { xs[p] ^= res; T[4 * (size_t)r + 3] ^= res; root[p] = merge(root[p], r, BITS); }
        }
        out = g[0];
    }
    double s = double(clock() - t0) / CLOCKS_PER_SEC;
    if (!strcmp(argv[1], "prefix") || !strcmp(argv[1], "geo")) printf("%.6f\n%llu\n", s, (unsigned long long)chk);
    else printf("%.6f\n%lld\n", s, (long long)out);
    return 0;
}
