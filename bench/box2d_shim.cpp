// Box2D 2.4.1 side of the benchmark. One b2PolygonShape per distinct (vertex list, radius) of the geometry
// (shapes that share `first` share it, as bodies share a shape definition) and one b2Transform per shape,
// both built as the tests' peers build them (tests/peers/box2d_shapes.h).
#include <box2d/box2d.h>
#include <box2d/b2_distance.h>

#include <map>
#include <utility>
#include <vector>

#include "box2d_shim.h"
#include "peers/box2d_shapes.h"

struct b2shim {
    std::vector<b2PolygonShape> protos;
    std::vector<int32_t> proto_of; // per shape
    std::vector<b2Transform> xf;   // per shape
};

extern "C" b2shim *b2shim_create(const gjk2d_geometry *geom, const gjk2d_poses *poses) {
    b2shim *s = new b2shim;
    std::map<std::pair<int32_t, float>, int32_t> proto_index;
    s->proto_of.resize(static_cast<size_t>(geom->shape_count));
    s->xf.resize(static_cast<size_t>(geom->shape_count));
    int32_t next = 0; // a NULL `first`: each shape follows the previous one
    for (int32_t i = 0; i < geom->shape_count; ++i) {
        const int32_t f = geom->first ? geom->first[i] : next, n = geom->count[i];
        const float r = geom->radius ? geom->radius[i] : 0.0f;
        next = f + n;
        if (n < 3 || n > b2_maxPolygonVertices) {
            delete s;
            return nullptr;
        }
        auto found = proto_index.find({f, r});
        if (found == proto_index.end()) {
            b2PolygonShape p;
            b2p_polygon(geom->vx + f, geom->vy + f, n, r, &p); // 3..b2_maxPolygonVertices: checked above
            found = proto_index.emplace(std::make_pair(f, r), static_cast<int32_t>(s->protos.size())).first;
            s->protos.push_back(p);
        }
        s->proto_of[i] = found->second;
        s->xf[i] = b2p_transform_at(poses, i);
    }
    return s;
}

extern "C" void b2shim_destroy(b2shim *s) { delete s; }

/// b2Distance's input for shapes a and b at their transforms.
static void distance_input(const b2shim *s, int32_t a, int32_t b, b2DistanceInput *in) {
    const b2PolygonShape &pa = s->protos[s->proto_of[a]], &pb = s->protos[s->proto_of[b]];
    in->proxyA.Set(pa.m_vertices, pa.m_count, pa.m_radius);
    in->proxyB.Set(pb.m_vertices, pb.m_count, pb.m_radius);
    // Cores only when there are no radii: useRadii would snap distances below b2_epsilon to 0.
    in->useRadii = pa.m_radius > 0.0f || pb.m_radius > 0.0f;
    in->transformA = s->xf[a];
    in->transformB = s->xf[b];
}

extern "C" void b2shim_distance(const b2shim *s, const gjk2d_pairs *pairs, int64_t begin, int64_t end, float *distance,
                                float *ax, float *ay, float *bx, float *by, int32_t *iterations) {
    b2DistanceInput in;
    for (int64_t k = begin; k < end; ++k) {
        distance_input(s, pairs->a[k], pairs->b[k], &in);
        b2SimplexCache cache;
        cache.count = 0;
        b2DistanceOutput out;
        b2Distance(&out, &cache, &in);
        distance[k] = out.distance;
        ax[k] = out.pointA.x;
        ay[k] = out.pointA.y;
        bx[k] = out.pointB.x;
        by[k] = out.pointB.y;
        iterations[k] = out.iterations;
    }
}

extern "C" void b2shim_overlap(const b2shim *s, const gjk2d_pairs *pairs, int64_t begin, int64_t end,
                               uint8_t *overlap) {
    for (int64_t k = begin; k < end; ++k) {
        const int32_t a = pairs->a[k], b = pairs->b[k];
        overlap[k] = b2TestOverlap(&s->protos[s->proto_of[a]], 0, &s->protos[s->proto_of[b]], 0, s->xf[a], s->xf[b]);
    }
}

extern "C" void b2shim_collide(const b2shim *s, const gjk2d_pairs *pairs, int64_t begin, int64_t end,
                               uint8_t *overlap) {
    b2Manifold m;
    for (int64_t k = begin; k < end; ++k) {
        const int32_t a = pairs->a[k], b = pairs->b[k];
        b2CollidePolygons(&m, &s->protos[s->proto_of[a]], s->xf[a], &s->protos[s->proto_of[b]], s->xf[b]);
        overlap[k] = m.pointCount > 0;
    }
}

extern "C" void b2shim_set_poses(b2shim *s, const gjk2d_poses *poses) {
    for (size_t i = 0; i < s->xf.size(); ++i) s->xf[i] = b2p_transform_at(poses, static_cast<int64_t>(i));
}

struct b2shim_cache {
    b2SimplexCache c;
};

extern "C" b2shim_cache *b2shim_caches(int64_t n) {
    b2shim_cache *c = new b2shim_cache[static_cast<size_t>(n)];
    for (int64_t k = 0; k < n; ++k) c[k].c.count = 0;
    return c;
}

extern "C" void b2shim_caches_free(b2shim_cache *c) { delete[] c; }

extern "C" void b2shim_distance_cached(const b2shim *s, const gjk2d_pairs *pairs, int64_t begin, int64_t end,
                                       b2shim_cache *caches, float *distance, int32_t *iterations) {
    b2DistanceInput in;
    for (int64_t k = begin; k < end; ++k) {
        distance_input(s, pairs->a[k], pairs->b[k], &in);
        b2SimplexCache cold;
        cold.count = 0;
        b2SimplexCache *cache = caches ? &caches[k].c : &cold;
        b2DistanceOutput out;
        b2Distance(&out, cache, &in);
        distance[k] = out.distance;
        iterations[k] = out.iterations;
    }
}
