// Stage 4: a two-layer perceptron (matmul, ReLU, softmax) trained with minibatch SGD on Eigen.
#include "model.h"

#include <hotline/hotline.h>

#include <Eigen/Dense>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace pipeline {
namespace {

using Matrix = Eigen::MatrixXf;
using Vector = Eigen::VectorXf;

struct Mlp {
  Matrix w1; // hidden x inputs
  Vector b1;
  Matrix w2; // classes x hidden
  Vector b2;
};

struct Activations {
  Matrix z1, a1, probs; // one column per sample
};

void fill_uniform(Matrix &m, float limit, Rng &rng) {
  for (Eigen::Index j = 0; j < m.cols(); ++j)
    for (Eigen::Index i = 0; i < m.rows(); ++i)
      m(i, j) = rng.range(-limit, limit);
}

// Glorot-uniform weights, zero biases.
Mlp init_mlp(int inputs, int hidden, Rng &rng) {
  Mlp m;
  m.w1.resize(hidden, inputs);
  fill_uniform(m.w1, std::sqrt(6.0f / float(inputs + hidden)), rng);
  m.b1 = Vector::Zero(hidden);
  m.w2.resize(kClasses, hidden);
  fill_uniform(m.w2, std::sqrt(6.0f / float(hidden + kClasses)), rng);
  m.b2 = Vector::Zero(kClasses);
  return m;
}

Matrix to_matrix(const std::vector<Sample> &samples) {
  Eigen::Index rows = Eigen::Index(samples.front().features.size());
  Matrix x(rows, Eigen::Index(samples.size()));
  for (size_t i = 0; i < samples.size(); ++i)
    x.col(Eigen::Index(i)) = Eigen::Map<const Vector>(samples[i].features.data(), rows);
  return x;
}

void gather_columns(const Matrix &all, const std::vector<int> &order, size_t begin, size_t end,
                    Matrix &batch) {
  batch.resize(all.rows(), Eigen::Index(end - begin));
  for (size_t i = begin; i < end; ++i)
    batch.col(Eigen::Index(i - begin)) = all.col(order[i]);
}

void softmax_columns(Matrix &logits) {
  for (Eigen::Index j = 0; j < logits.cols(); ++j) {
    auto col = logits.col(j);
    float top = col.maxCoeff();
    float sum = 0.0f;
    for (Eigen::Index i = 0; i < col.size(); ++i) {
      col(i) = std::exp(col(i) - top);
      sum += col(i);
    }
    col /= sum;
  }
}

void forward(const Mlp &m, const Eigen::Ref<const Matrix> &x, Activations &a) {
  a.z1.noalias() = m.w1 * x;
  a.z1.colwise() += m.b1;
  a.a1 = a.z1.cwiseMax(0.0f);
  a.probs.noalias() = m.w2 * a.a1;
  a.probs.colwise() += m.b2;
  softmax_columns(a.probs);
}

// Adds the batch's summed cross-entropy and number of correct predictions.
void score(const Matrix &probs, const int *labels, double &loss, size_t &correct) {
  for (Eigen::Index j = 0; j < probs.cols(); ++j) {
    int label = labels[j];
    loss -= std::log(std::max(probs(label, j), 1e-12f));
    Eigen::Index predicted;
    probs.col(j).maxCoeff(&predicted);
    correct += predicted == label;
  }
}

// One gradient step on the mean cross-entropy of the batch.
void sgd_step(Mlp &m, const Matrix &x, const Activations &a, const int *labels,
              float learning_rate) {
  Matrix g2 = a.probs; // d loss / d logits = probs - one_hot(labels)
  for (Eigen::Index j = 0; j < g2.cols(); ++j)
    g2(labels[j], j) -= 1.0f;
  g2 /= float(g2.cols());
  Matrix g1 = (m.w2.transpose() * g2).cwiseProduct((a.z1.array() > 0.0f).cast<float>().matrix());
  m.w2.noalias() -= learning_rate * g2 * a.a1.transpose();
  m.b2.noalias() -= learning_rate * g2.rowwise().sum();
  m.w1.noalias() -= learning_rate * g1 * x.transpose();
  m.b1.noalias() -= learning_rate * g1.rowwise().sum();
}

} // namespace

struct Classifier::Impl {
  ModelOptions options;
  Mlp mlp;
  // Reused from batch to batch.
  Matrix batch;
  Activations act;
  std::vector<int> batch_labels;
};

Classifier::Classifier(int inputs, const ModelOptions &options) : impl_(std::make_unique<Impl>()) {
  impl_->options = options;
  Rng rng(stream_seed(options.seed, 0x1417));
  impl_->mlp = init_mlp(inputs, options.hidden, rng);
}

Classifier::~Classifier() = default;

EpochStats Classifier::train_epoch(const std::vector<Sample> &samples,
                                   const std::vector<int> &labels, int epoch) {
  HOTLINE_REGION("compute/train");
  Impl &s = *impl_;
  Matrix x = to_matrix(samples);
  std::vector<int> order(samples.size());
  std::iota(order.begin(), order.end(), 0);
  Rng rng(stream_seed(s.options.seed, 0xe90c0000u + uint64_t(epoch)));
  for (size_t i = order.size(); i > 1; --i)
    std::swap(order[i - 1], order[size_t(rng.below(int(i)))]);

  double loss = 0;
  size_t correct = 0;
  size_t step = size_t(s.options.batch);
  for (size_t begin = 0; begin < order.size(); begin += step) {
    size_t end = std::min(order.size(), begin + step);
    gather_columns(x, order, begin, end, s.batch);
    s.batch_labels.clear();
    for (size_t i = begin; i < end; ++i)
      s.batch_labels.push_back(labels[size_t(order[i])]);
    forward(s.mlp, s.batch, s.act);
    score(s.act.probs, s.batch_labels.data(), loss, correct);
    sgd_step(s.mlp, s.batch, s.act, s.batch_labels.data(), s.options.learning_rate);
  }
  double n = double(std::max<size_t>(samples.size(), 1));
  return {loss / n, double(correct) / n};
}

EpochStats Classifier::evaluate(const std::vector<Sample> &samples,
                                const std::vector<int> &labels) const {
  HOTLINE_REGION("compute/evaluate");
  constexpr Eigen::Index kChunk = 256;
  Matrix x = to_matrix(samples);
  Activations a;
  double loss = 0;
  size_t correct = 0;
  for (Eigen::Index begin = 0; begin < x.cols(); begin += kChunk) {
    Eigen::Index n = std::min(kChunk, x.cols() - begin);
    forward(impl_->mlp, x.middleCols(begin, n), a);
    score(a.probs, labels.data() + begin, loss, correct);
  }
  double count = double(std::max<Eigen::Index>(x.cols(), 1));
  return {loss / count, double(correct) / count};
}

} // namespace pipeline
