// Call-heavy workload: many short virtual calls over a shuffled class hierarchy, plus a visitor (double dispatch).
#include "workload.h"
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <vector>

namespace {

using workload::Rng;



uint64_t mix(uint64_t h, uint64_t v) {
    h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
    return h;
}

// Checksums quantize doubles so that last-bit differences between compilers cannot change them.
uint64_t quantize(double x) { return static_cast<uint64_t>(std::llround(x * 64.0)); }

constexpr double kPi = 3.14159265358979323846;
constexpr double kWorld = 100.0;

struct Vec2 {
    double x, y;
};

class Circle;
class Rect;
class Square;
class Triangle;
class Ellipse;
class Ring;
class Hexagon;

class ShapeVisitor {
public:
    virtual ~ShapeVisitor() = default;
    virtual void visit(const Circle&) = 0;
    virtual void visit(const Rect&) = 0;
    virtual void visit(const Square&) = 0;
    virtual void visit(const Triangle&) = 0;
    virtual void visit(const Ellipse&) = 0;
    virtual void visit(const Ring&) = 0;
    virtual void visit(const Hexagon&) = 0;
};

class Shape {
public:
    Shape(Vec2 center, Vec2 velocity, double pulse) : center_(center), velocity_(velocity), pulse_(pulse) {}
    virtual ~Shape() = default;
    virtual double area() const = 0;
    virtual double perimeter() const = 0;
    virtual bool contains(Vec2 p) const = 0;
    virtual void accept(ShapeVisitor& v) const = 0;

    // Moves on a wrapping world and pulses in size; subclasses scale their extent by size().
    virtual void update(double dt) {
        center_.x += velocity_.x * dt;
        center_.y += velocity_.y * dt;
        if (center_.x < 0) center_.x += kWorld;
        if (center_.x >= kWorld) center_.x -= kWorld;
        if (center_.y < 0) center_.y += kWorld;
        if (center_.y >= kWorld) center_.y -= kWorld;
        pulse_ += dt;
        if (pulse_ > 1.0) pulse_ -= 2.0;
    }

    Vec2 center() const { return center_; }

protected:
    double size() const { return 1.0 + 0.25 * std::fabs(pulse_); }
    Vec2 local(Vec2 p) const { return {p.x - center_.x, p.y - center_.y}; }

private:
    Vec2 center_;
    Vec2 velocity_;
    double pulse_;
};

class Circle : public Shape {
public:
    Circle(Vec2 c, Vec2 v, double pulse, double r) : Shape(c, v, pulse), r_(r) {}
    double radius() const { return r_ * size(); }
    double area() const override { return kPi * radius() * radius(); }
    double perimeter() const override { return 2 * kPi * radius(); }
    bool contains(Vec2 p) const override {
        Vec2 d = local(p);
        return d.x * d.x + d.y * d.y <= radius() * radius();
    }
    void accept(ShapeVisitor& v) const override { v.visit(*this); }

private:
    double r_;
};

class Rect : public Shape {
public:
    Rect(Vec2 c, Vec2 v, double pulse, double w, double h) : Shape(c, v, pulse), w_(w), h_(h) {}
    double width() const { return w_ * size(); }
    double height() const { return h_ * size(); }
    double area() const override { return width() * height(); }
    double perimeter() const override { return 2 * (width() + height()); }
    bool contains(Vec2 p) const override {
        Vec2 d = local(p);
        return std::fabs(d.x) <= width() / 2 && std::fabs(d.y) <= height() / 2;
    }
    void accept(ShapeVisitor& v) const override { v.visit(*this); }

private:
    double w_, h_;
};

class Square : public Shape {
public:
    Square(Vec2 c, Vec2 v, double pulse, double side) : Shape(c, v, pulse), side_(side) {}
    double side() const { return side_ * size(); }
    double area() const override { return side() * side(); }
    double perimeter() const override { return 4 * side(); }
    bool contains(Vec2 p) const override {
        Vec2 d = local(p);
        return std::fabs(d.x) <= side() / 2 && std::fabs(d.y) <= side() / 2;
    }
    void accept(ShapeVisitor& v) const override { v.visit(*this); }

    // Squares also spin, which only changes their phase here but makes the override non-trivial.
    void update(double dt) override {
        Shape::update(dt);
        spin_ += dt;
        if (spin_ > 4.0) spin_ -= 4.0;
    }

private:
    double side_;
    double spin_ = 0;
};

class Triangle : public Shape {
public:
    Triangle(Vec2 c, Vec2 v, double pulse, Vec2 a, Vec2 b, Vec2 cc) : Shape(c, v, pulse), p_{a, b, cc} {}
    Vec2 vertex(int i) const { return {p_[i].x * size(), p_[i].y * size()}; }
    double area() const override {
        Vec2 a = vertex(0), b = vertex(1), c = vertex(2);
        return std::fabs((b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y)) / 2;
    }
    double perimeter() const override {
        double sum = 0;
        for (int i = 0; i < 3; ++i) {
            Vec2 a = vertex(i), b = vertex((i + 1) % 3);
            sum += std::sqrt((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y));
        }
        return sum;
    }
    bool contains(Vec2 p) const override {
        Vec2 d = local(p);
        bool neg = false, pos = false;
        for (int i = 0; i < 3; ++i) {
            Vec2 a = vertex(i), b = vertex((i + 1) % 3);
            double s = (b.x - a.x) * (d.y - a.y) - (b.y - a.y) * (d.x - a.x);
            neg |= s < 0;
            pos |= s > 0;
        }
        return !(neg && pos);
    }
    void accept(ShapeVisitor& v) const override { v.visit(*this); }

private:
    Vec2 p_[3];
};

class Ellipse : public Shape {
public:
    Ellipse(Vec2 c, Vec2 v, double pulse, double a, double b) : Shape(c, v, pulse), a_(a), b_(b) {}
    double semi_a() const { return a_ * size(); }
    double semi_b() const { return b_ * size(); }
    double area() const override { return kPi * semi_a() * semi_b(); }
    double perimeter() const override {  // Ramanujan's approximation
        double a = semi_a(), b = semi_b();
        return kPi * (3 * (a + b) - std::sqrt((3 * a + b) * (a + 3 * b)));
    }
    bool contains(Vec2 p) const override {
        Vec2 d = local(p);
        double u = d.x / semi_a(), w = d.y / semi_b();
        return u * u + w * w <= 1.0;
    }
    void accept(ShapeVisitor& v) const override { v.visit(*this); }

private:
    double a_, b_;
};

class Ring : public Shape {
public:
    Ring(Vec2 c, Vec2 v, double pulse, double inner, double outer) : Shape(c, v, pulse), inner_(inner), outer_(outer) {}
    double inner() const { return inner_ * size(); }
    double outer() const { return outer_ * size(); }
    double area() const override { return kPi * (outer() * outer() - inner() * inner()); }
    double perimeter() const override { return 2 * kPi * (outer() + inner()); }
    bool contains(Vec2 p) const override {
        Vec2 d = local(p);
        double r2 = d.x * d.x + d.y * d.y;
        return r2 <= outer() * outer() && r2 >= inner() * inner();
    }
    void accept(ShapeVisitor& v) const override { v.visit(*this); }

private:
    double inner_, outer_;
};

class Hexagon : public Shape {
public:
    Hexagon(Vec2 c, Vec2 v, double pulse, double side) : Shape(c, v, pulse), side_(side) {}
    double side() const { return side_ * size(); }
    double area() const override { return 1.5 * std::sqrt(3.0) * side() * side(); }
    double perimeter() const override { return 6 * side(); }
    bool contains(Vec2 p) const override {  // flat-topped: inside all three pairs of edges
        Vec2 d = local(p);
        double x = std::fabs(d.x), y = std::fabs(d.y), s = side(), h = s * std::sqrt(3.0) / 2;
        return y <= h && h * x + s * y / 2 <= h * s;
    }
    void accept(ShapeVisitor& v) const override { v.visit(*this); }

private:
    double side_;
};

// Visitor that needs per-type knowledge: the bounding box of every shape.
class BoundsVisitor : public ShapeVisitor {
public:
    double min_x = 1e300, min_y = 1e300, max_x = -1e300, max_y = -1e300;
    void visit(const Circle& s) override { add(s, s.radius(), s.radius()); }
    void visit(const Rect& s) override { add(s, s.width() / 2, s.height() / 2); }
    void visit(const Square& s) override { add(s, s.side() / 2, s.side() / 2); }
    void visit(const Triangle& s) override {
        for (int i = 0; i < 3; ++i) {
            Vec2 v = s.vertex(i);
            add_point(s.center().x + v.x, s.center().y + v.y);
        }
    }
    void visit(const Ellipse& s) override { add(s, s.semi_a(), s.semi_b()); }
    void visit(const Ring& s) override { add(s, s.outer(), s.outer()); }
    void visit(const Hexagon& s) override { add(s, s.side(), s.side() * std::sqrt(3.0) / 2); }

private:
    void add(const Shape& s, double hx, double hy) {
        add_point(s.center().x - hx, s.center().y - hy);
        add_point(s.center().x + hx, s.center().y + hy);
    }
    void add_point(double x, double y) {
        min_x = std::fmin(min_x, x);
        min_y = std::fmin(min_y, y);
        max_x = std::fmax(max_x, x);
        max_y = std::fmax(max_y, y);
    }
};

// Visitor that sorts by kind, as code that serializes or draws per type does.
class KindCountVisitor : public ShapeVisitor {
public:
    uint64_t counts[7] = {};
    void visit(const Circle&) override { ++counts[0]; }
    void visit(const Rect&) override { ++counts[1]; }
    void visit(const Square&) override { ++counts[2]; }
    void visit(const Triangle&) override { ++counts[3]; }
    void visit(const Ellipse&) override { ++counts[4]; }
    void visit(const Ring&) override { ++counts[5]; }
    void visit(const Hexagon&) override { ++counts[6]; }
};

// Draws every random number up front and in order: argument evaluation order differs between compilers.
std::unique_ptr<Shape> make_shape(Rng& rng) {
    Vec2 c{rng.uniform(0, kWorld), rng.uniform(0, kWorld)};
    Vec2 v{rng.uniform(-1, 1), rng.uniform(-1, 1)};
    double pulse = rng.uniform(-1, 1);
    int kind = static_cast<int>(rng.next() % 7);
    double p[6];
    for (double& x : p) x = rng.uniform(0, 1);
    switch (kind) {
        case 0: return std::make_unique<Circle>(c, v, pulse, 0.5 + 2.5 * p[0]);
        case 1: return std::make_unique<Rect>(c, v, pulse, 0.5 + 3.5 * p[0], 0.5 + 3.5 * p[1]);
        case 2: return std::make_unique<Square>(c, v, pulse, 0.5 + 3.5 * p[0]);
        case 3: {
            Vec2 a{4 * p[0] - 2, 4 * p[1] - 2}, b{4 * p[2] - 2, 4 * p[3] - 2}, d{4 * p[4] - 2, 4 * p[5] - 2};
            return std::make_unique<Triangle>(c, v, pulse, a, b, d);
        }
        case 4: return std::make_unique<Ellipse>(c, v, pulse, 0.5 + 2.5 * p[0], 0.5 + 2.5 * p[1]);
        case 5: return std::make_unique<Ring>(c, v, pulse, 0.3 + 1.2 * p[0], 0.5 + 2.7 * p[0] + 1.3 * p[1]);
        default: return std::make_unique<Hexagon>(c, v, pulse, 0.5 + 1.5 * p[0]);
    }
}

}  // namespace

int main(int argc, char** argv) {
    const int scale = workload::parse_scale(argc, argv, "call_virtual");
    Rng rng{7};

    std::vector<std::unique_ptr<Shape>> shapes;
    for (int i = 0; i < 4096; ++i) shapes.push_back(make_shape(rng));

    uint64_t h = 0;
    const double dt = 1.0 / 64;
    const int frames = 360 * scale;
    for (int frame = 0; frame < frames; ++frame) {
        Vec2 probes[4];
        for (auto& p : probes) p = {rng.uniform(0, kWorld), rng.uniform(0, kWorld)};

        double area = 0, perimeter = 0;
        uint64_t hits = 0;
        for (const auto& s : shapes) {
            s->update(dt);
            area += s->area();
            perimeter += s->perimeter();
            for (const auto& p : probes) hits += s->contains(p);
        }
        h = mix(h, quantize(area));
        h = mix(h, quantize(perimeter));
        h = mix(h, hits);

        if (frame % 4 == 0) {
            BoundsVisitor bounds;
            KindCountVisitor kinds;
            for (const auto& s : shapes) {
                s->accept(bounds);
                s->accept(kinds);
            }
            h = mix(h, quantize(bounds.max_x - bounds.min_x));
            h = mix(h, quantize(bounds.max_y - bounds.min_y));
            for (uint64_t c : kinds.counts) h = mix(h, c);
        }
    }
    std::printf("checksum %llu\n", static_cast<unsigned long long>(h));
    return 0;
}
